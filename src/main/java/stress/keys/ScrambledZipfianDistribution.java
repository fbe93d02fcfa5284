package stress.keys;

import java.util.SplittableRandom;
import stress.model.UsageException;

/**
 * Zipfian popularity (Gray et al., "Quickly generating billion-record synthetic databases") with the
 * ranks scattered over the key space by a hash, so the hot keys are not all neighbours (which would put
 * them on one shard or one index page).
 */
public final class ScrambledZipfianDistribution implements KeyDistribution {
  /** Beyond this many keys the zeta sum's tail is approximated (Euler-Maclaurin), exact enough for sampling. */
  private static final long EXACT_ZETA_TERMS = 10_000_000L;

  private final long n;
  private final double theta;
  private final double zetaN;
  private final double alpha;
  private final double eta;
  private final double secondThreshold;

  public ScrambledZipfianDistribution(long n, double theta) {
    if (n <= 0) {
      throw new IllegalArgumentException("a key distribution needs at least one key, got " + n);
    }
    if (!(theta > 0 && theta < 1)) {
      throw new UsageException("--zipf-constant must be between 0 and 1 (exclusive), got " + theta);
    }
    this.n = n;
    this.theta = theta;
    this.zetaN = zeta(n, theta);
    double zeta2 = zeta(Math.min(n, 2), theta);
    this.alpha = 1.0 / (1.0 - theta);
    this.eta = n <= 2 ? 0 : (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
    this.secondThreshold = 1.0 + Math.pow(0.5, theta);
  }

  /** Sum of 1/i^theta for i = 1..n. */
  static double zeta(long n, double theta) {
    long exact = Math.min(n, EXACT_ZETA_TERMS);
    double sum = 0;
    for (long i = 1; i <= exact; i++) {
      sum += Math.pow(i, -theta);
    }
    if (n > exact) {
      double a = exact + 1;
      double b = n;
      sum += (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta)
          + (Math.pow(a, -theta) + Math.pow(b, -theta)) / 2;
    }
    return sum;
  }

  /** The popularity rank 0..n-1 (0 = most popular), before scrambling. */
  long nextRank(SplittableRandom random) {
    double u = random.nextDouble();
    double uz = u * zetaN;
    if (uz < 1.0) {
      return 0;
    }
    if (uz < secondThreshold && n > 1) {
      return 1;
    }
    long rank = (long) (n * Math.pow(eta * u - eta + 1, alpha));
    return Math.min(rank, n - 1);
  }

  @Override
  public long next(SplittableRandom random) {
    return Math.floorMod(fnv1a(nextRank(random)), n);
  }

  /** FNV-1a over the 8 bytes of a long: cheap and spreads neighbouring ranks far apart. */
  static long fnv1a(long value) {
    long hash = 0xcbf29ce484222325L;
    for (int i = 0; i < 8; i++) {
      hash ^= value & 0xff;
      hash *= 0x100000001b3L;
      value >>>= 8;
    }
    return hash;
  }

  @Override
  public String describe() {
    return "scrambled zipfian (constant " + theta + ")";
  }
}
