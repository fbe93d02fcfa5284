package stress.workload;

import java.util.Locale;
import stress.model.UsageException;

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

  /** The distribution over n keys. */
  public KeyDistribution over(long n, double zipfConstant) {
    return this == UNIFORM ? new UniformDistribution(n) : new ScrambledZipfianDistribution(n, zipfConstant);
  }
}
