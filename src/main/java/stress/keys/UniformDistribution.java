package stress.keys;

import java.util.SplittableRandom;

/** Every key equally likely. */
public record UniformDistribution(long n) implements KeyDistribution {

  public UniformDistribution {
    if (n <= 0) {
      throw new IllegalArgumentException("a key distribution needs at least one key, got " + n);
    }
  }

  @Override
  public long next(SplittableRandom random) {
    return random.nextLong(n);
  }

  @Override
  public String describe() {
    return "uniform";
  }
}
