package stress.model;

import java.util.Locale;

/** The distributions users can name with --distribution. */
public enum Distribution {
  UNIFORM,
  /** Scrambled zipfian: a few hot keys, scattered over the key space. */
  ZIPFIAN,
  /** YCSB's latest: the largest keys hottest, falling off as a zipfian. */
  LATEST;

  /** Parses a --distribution value; the error lists the valid ones. */
  public static Distribution parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--distribution must be uniform, zipfian or latest, got '" + name + "'");
    }
  }
}
