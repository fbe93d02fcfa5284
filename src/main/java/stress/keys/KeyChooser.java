package stress.keys;

import java.util.SplittableRandom;

/** Picks existing keys: a key space addressed through a distribution. Shared, immutable. */
public record KeyChooser(KeySpace keys, KeyDistribution distribution) {

  /** A key that exists in the table, bound-ready (Integer, Long, String, ...). */
  public Object next(SplittableRandom random) {
    return keys.key(distribution.next(random));
  }

  public String describe() {
    return distribution.describe() + " over " + keys.describe();
  }
}
