package stress.server;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PostgreSQL server version, parsed from {@code SELECT version()} or from the {@code server_version}
 * setting. Forks put their own name in parentheses after the core version ({@code 10.6 (Postgres-XL
 * 10r1.1)}, {@code 12 (MatrixDB ...)}); only the PostgreSQL core version is read here.
 *
 * <p>Before PostgreSQL 10 a major version had two parts ({@code 9.6}) and a minor release a third
 * ({@code 9.6.24}); from 10 on a version is {@code major.minor} and {@link #patch()} is always 0.
 *
 * @param text       the version token as the server wrote it, e.g. {@code 15.20}, {@code 16beta1}, {@code 12}
 * @param major      first number (9, 10, 15, ...)
 * @param minor      second number: the second part of the major version before 10, the minor release after
 * @param patch      third number before 10 (the minor release); 0 from 10 on
 * @param preRelease {@code devel}, {@code alphaN}, {@code betaN}, {@code rcN}, or empty for a release
 */
public record ServerVersion(String text, int major, int minor, int patch, String preRelease) {

  // digits, up to two more dot-separated numbers, an optional pre-release tag; the rest must be
  // empty or start with a space (where forks and distributions add their own text)
  private static final Pattern VERSION = Pattern.compile(
      "(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(devel|(?:alpha|beta|rc)\\d+)?(.*)", Pattern.DOTALL);
  private static final String PREFIX = "PostgreSQL ";
  private static final int OLDEST_MAJOR = 7;
  private static final int FIRST_TWO_PART_MAJOR = 10;

  public ServerVersion {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(preRelease, "preRelease");
  }

  /**
   * Parses a {@code version()} string ("PostgreSQL 15.20 (Debian ...) on x86_64...") or a
   * {@code server_version} string ("15.20 (Debian ...)", "16beta1", "9.6.24").
   *
   * @throws IllegalArgumentException naming the string and the rule it breaks
   */
  public static ServerVersion parse(String version) {
    if (version == null) {
      throw new IllegalArgumentException("cannot parse a PostgreSQL server version: it is null");
    }
    String s = version.strip();
    if (s.startsWith(PREFIX)) {
      s = s.substring(PREFIX.length()).stripLeading();
    }
    Matcher m = VERSION.matcher(s);
    if (!m.matches()) {
      throw reject(version, "it must start with a version number such as 15.4, 9.6.24 or 17devel");
    }
    String rest = m.group(5);
    if (!rest.isEmpty() && !Character.isWhitespace(rest.charAt(0))) {
      throw reject(version, "unexpected text '" + firstWord(rest) + "' right after the version number");
    }
    int major = number(version, m.group(1));
    Integer second = m.group(2) == null ? null : number(version, m.group(2));
    Integer third = m.group(3) == null ? null : number(version, m.group(3));
    String preRelease = m.group(4) == null ? "" : m.group(4);
    String text = s.substring(0, m.start(5));

    if (major < OLDEST_MAJOR) {
      throw reject(version, "major version " + major + " is older than any PostgreSQL release (7 or later)");
    }
    if (major >= FIRST_TWO_PART_MAJOR) {
      if (third != null) {
        throw reject(version, "PostgreSQL 10 and later have at most two version parts (major.minor)");
      }
      if (second != null && !preRelease.isEmpty()) {
        throw reject(version, "a pre-release tag follows the major version only (like 16beta1)");
      }
      return new ServerVersion(text, major, second == null ? 0 : second, 0, preRelease);
    }
    if (second == null) {
      throw reject(version, "before PostgreSQL 10 a version needs at least two parts (like 9.6)");
    }
    if (second > 99 || (third != null && third > 99)) {
      throw reject(version, "before PostgreSQL 10 each version part is below 100");
    }
    if (third != null && !preRelease.isEmpty()) {
      throw reject(version, "a pre-release tag follows the two-part major version only (like 9.6beta1)");
    }
    return new ServerVersion(text, major, second, third == null ? 0 : third, preRelease);
  }

  /** The number PostgreSQL reports as {@code server_version_num}: 90624 for 9.6.24, 150020 for 15.20. */
  public int versionNum() {
    return major >= FIRST_TWO_PART_MAJOR ? major * 10000 + minor : major * 10000 + minor * 100 + patch;
  }

  /** True when this server is the given major version or newer (e.g. {@code isAtLeast(9, 6)} or {@code isAtLeast(14, 0)}). */
  public boolean isAtLeast(int major, int minor) {
    int wanted = major >= FIRST_TWO_PART_MAJOR ? major * 10000 + minor : major * 10000 + minor * 100;
    return versionNum() >= wanted;
  }

  @Override
  public String toString() {
    return text;
  }

  private static int number(String version, String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw reject(version, "the number " + digits + " is too large");
    }
  }

  private static String firstWord(String rest) {
    String word = rest.split("\\s", 2)[0];
    return word.length() > 20 ? word.substring(0, 20) + "..." : word;
  }

  private static IllegalArgumentException reject(String version, String rule) {
    String shown = version.length() > 120 ? version.substring(0, 120) + "..." : version;
    return new IllegalArgumentException("cannot parse PostgreSQL server version '" + shown + "': " + rule);
  }
}
