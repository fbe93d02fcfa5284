package stress.model;

import java.util.Locale;

/** The distributions users can name with --distribution. */
public enum Distribution {
  UNIFORM,
  ZIPFIAN;

  /** Parses a --distribution value; the error lists the valid ones. */
  public static Distribution parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--distribution must be uniform or zipfian, got '" + name + "'");
    }
  }
}
