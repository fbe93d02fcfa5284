package stress.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import stress.model.Distribution;

class KeyDistributionTest {

  @Test
  void uniformStaysInRangeAndIsFlat() {
    UniformDistribution d = new UniformDistribution(10);
    int[] counts = new int[10];
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 100_000; i++) {
      counts[(int) d.next(r)]++;
    }
    for (int c : counts) {
      assertEquals(10_000, c, 500);
    }
  }

  @Test
  void zipfianRanksFollowThePowerLaw() {
    long n = 1000;
    double theta = 0.99;
    ScrambledZipfianDistribution d = new ScrambledZipfianDistribution(n, theta);
    long[] counts = new long[(int) n];
    SplittableRandom r = new SplittableRandom(11);
    int draws = 1_000_000;
    for (int i = 0; i < draws; i++) {
      counts[(int) d.nextRank(r)]++;
    }
    double zeta = ScrambledZipfianDistribution.zeta(n, theta);
    // the most popular rank has probability 1/zeta, the second 2^-theta/zeta
    assertEquals(draws / zeta, counts[0], draws / zeta * 0.03);
    assertEquals(draws * Math.pow(2, -theta) / zeta, counts[1], draws / zeta * 0.03);
    assertTrue(counts[0] > counts[10] * 5, "rank 0 is far hotter than rank 10");
  }

  @Test
  void latestMakesTheNewestKeysHottestFallingOffAsAZipfian() {
    long n = 1000;
    double theta = 0.99;
    KeyDistribution d = KeyDistribution.of(Distribution.LATEST, n, theta);
    long[] counts = new long[(int) n];
    SplittableRandom r = new SplittableRandom(13);
    int draws = 1_000_000;
    for (int i = 0; i < draws; i++) {
      long k = d.next(r);
      assertTrue(k >= 0 && k < n, "in range: " + k);
      counts[(int) k]++;
    }
    double zeta = ScrambledZipfianDistribution.zeta(n, theta);
    // the newest index (n - 1) has the zipfian's first probability, the one before it the second: not scattered
    assertEquals(draws / zeta, counts[(int) n - 1], draws / zeta * 0.03);
    assertEquals(draws * Math.pow(2, -theta) / zeta, counts[(int) n - 2], draws / zeta * 0.03);
    long newestTenth = Arrays.stream(counts, 900, 1000).sum();
    long oldestTenth = Arrays.stream(counts, 0, 100).sum();
    assertTrue(newestTenth > 10 * oldestTenth, newestTenth + " draws of the newest tenth, " + oldestTenth
        + " of the oldest");
    assertEquals("latest (zipfian constant 0.99, from the newest key down)", d.describe());
  }

  @Test
  void scramblingSpreadsHotKeysButKeepsTheSkew() {
    long n = 1_000;
    ScrambledZipfianDistribution d = new ScrambledZipfianDistribution(n, 0.99);
    long[] counts = new long[(int) n];
    SplittableRandom r = new SplittableRandom(5);
    for (int i = 0; i < 500_000; i++) {
      long k = d.next(r);
      assertTrue(k >= 0 && k < n);
      counts[(int) k]++;
    }
    long[] sorted = counts.clone();
    Arrays.sort(sorted);
    long hottest = sorted[sorted.length - 1];
    int hottestKey = 0;
    for (int i = 0; i < n; i++) {
      if (counts[i] == hottest) {
        hottestKey = i;
      }
    }
    assertTrue(hottest > 500_000 / 20, "one key takes a large share: " + hottest);
    assertTrue(hottestKey != 0, "the hottest rank is not left on key 0");
  }

  @Test
  void zetaApproximationForHugeKeySpacesIsClose() {
    long n = 30_000_000L;
    double theta = 0.99;
    double approx = ScrambledZipfianDistribution.zeta(n, theta);
    double exact = 0;
    for (long i = 1; i <= n; i++) {
      exact += Math.pow(i, -theta);
    }
    assertEquals(exact, approx, exact * 1e-9);
  }

  @Test
  void badParametersAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new ScrambledZipfianDistribution(10, 1.0));
    assertThrows(IllegalArgumentException.class, () -> new ScrambledZipfianDistribution(0, 0.5));
    assertThrows(IllegalArgumentException.class, () -> new UniformDistribution(0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Distribution.parse("pareto"));
    assertEquals("--distribution must be uniform, zipfian or latest, got 'pareto'", e.getMessage());
  }

  @Test
  void denseKeysMapIndexesToKeys() {
    DenseIntegerKeys keys = new DenseIntegerKeys(5, 14, true);
    assertEquals(10, keys.size());
    assertEquals(5, keys.key(0));
    assertEquals(14, keys.key(9));
    assertEquals(14L, new DenseIntegerKeys(5, 14, false).key(9));
    assertThrows(IllegalArgumentException.class, () -> new DenseIntegerKeys(1, 3_000_000_000L, true));
  }
}
