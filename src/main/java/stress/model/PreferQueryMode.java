package stress.model;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * pgjdbc's {@code preferQueryMode}: how statements travel to the server. The names are pgjdbc's own, as
 * users type them and as reports echo them.
 */
public enum PreferQueryMode {
  /** Extended protocol (Parse/Bind/Execute) for every statement: pgjdbc's default. */
  EXTENDED("extended"),
  /** Extended protocol for PreparedStatement only; plain Statements go as simple queries. */
  EXTENDED_FOR_PREPARED("extendedForPrepared"),
  /** Extended protocol, and even plain Statement SQL is cached as a prepared query. */
  EXTENDED_CACHE_EVERYTHING("extendedCacheEverything"),
  /** Simple query protocol only: text, no server-side prepared statements. */
  SIMPLE("simple");

  private final String driverName;

  PreferQueryMode(String driverName) {
    this.driverName = driverName;
  }

  /** The value pgjdbc expects in the {@code preferQueryMode} property. */
  public String driverName() {
    return driverName;
  }

  /** Parses pgjdbc's spelling (exactly, as pgjdbc does); an unknown name is an error listing the allowed ones. */
  public static PreferQueryMode fromDriverName(String name) {
    for (PreferQueryMode mode : values()) {
      if (mode.driverName.equals(name)) {
        return mode;
      }
    }
    throw new UsageException("preferQueryMode '" + name + "' is not one of " + allowedNames());
  }

  /** The allowed names, comma separated, for messages and help texts. */
  public static String allowedNames() {
    return Arrays.stream(values()).map(PreferQueryMode::driverName).collect(Collectors.joining(", "));
  }

  @Override
  public String toString() {
    return driverName;
  }
}
