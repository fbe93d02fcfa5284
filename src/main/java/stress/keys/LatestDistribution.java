package stress.keys;

import java.util.SplittableRandom;

/**
 * YCSB's {@code latest}: the newest keys most popular, popularity falling off as a zipfian over the distance from the
 * newest (the last index of the key space, the largest key of a dense range), not scattered. Unlike YCSB's, the key
 * space is the one read when the run starts: keys the run itself inserts are not drawn.
 */
public final class LatestDistribution implements KeyDistribution {
  private final long n;
  private final double theta;
  private final ScrambledZipfianDistribution zipfian;

  public LatestDistribution(long n, double theta) {
    this.n = n;
    this.theta = theta;
    this.zipfian = new ScrambledZipfianDistribution(n, theta);
  }

  @Override
  public long next(SplittableRandom random) {
    return n - 1 - zipfian.nextRank(random);
  }

  @Override
  public String describe() {
    return "latest (zipfian constant " + theta + ", from the newest key down)";
  }
}
