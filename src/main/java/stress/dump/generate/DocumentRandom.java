package stress.dump.generate;

/**
 * The random numbers of one document: SplitMix64 seeded from (seed, id). Written out here rather than using
 * {@link java.util.SplittableRandom} because its algorithm is not a documented contract, and generated data
 * must stay byte-identical across Java versions so that runs and dumps can be compared and resumed.
 */
final class DocumentRandom {
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

  private long state;

  DocumentRandom(long seed, long id) {
    // Mixing the id before combining keeps neighbouring ids (and neighbouring seeds) unrelated.
    this.state = mix(seed ^ mix(id * GOLDEN_GAMMA + 0x632BE59BD9B4E019L));
  }

  long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  /** Uniform in [0, bound) by multiply-shift; the bias (bound / 2^32) is irrelevant for test data. */
  int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
    return (int) (((nextLong() >>> 32) * bound) >>> 32);
  }

  /** Uniform in [low, high], both inclusive. */
  int between(int low, int high) {
    return low + nextInt(high - low + 1);
  }

  /** Uniform in [0, 1). */
  double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  boolean chance(double probability) {
    return nextDouble() < probability;
  }

  <T> T pick(T[] choices) {
    return choices[nextInt(choices.length)];
  }

  /** A money amount in [low, high) rounded to cents. */
  double money(double low, double high) {
    return Math.round((low + nextDouble() * (high - low)) * 100) / 100.0;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
