package stress.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import stress.model.UsageException;

/**
 * One road to the run's database ({@code --via NAME=URL}): straight to the server, through a pooler, through another
 * pool mode. With roads given, every combination runs on each of them as one more list compared in rounds, so
 * "through PgBouncer against direct" is a comparison like any other.
 *
 * @param name what the combination's {@code via} reads
 * @param url  the road's JDBC URL; null for the run's own {@code --url}
 */
public record ViaRoute(String name, String url) {
  /** The name of the run's own connection when no {@code --via NAME} names it. */
  public static final String DIRECT = "direct";
  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,30}");

  /**
   * The roads of {@code --via} values ({@code NAME=URL}, or {@code NAME} alone naming the run's own connection), the
   * run's own first; empty when none was given. Every problem in one {@link UsageException}.
   */
  public static List<ViaRoute> parse(List<String> values) {
    if (values == null || values.isEmpty()) {
      return List.of();
    }
    List<String> problems = new ArrayList<>();
    String ownName = null;
    List<ViaRoute> others = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (String value : values) {
      int eq = value.indexOf('=');
      String name = (eq < 0 ? value : value.substring(0, eq)).strip();
      String url = eq < 0 ? null : value.substring(eq + 1).strip();
      if (!NAME.matcher(name).matches()) {
        problems.add("--via '" + (eq < 0 ? value : name + "=...") + "': a road's name is a letter, then letters,"
            + " digits, _ or - (at most 31), as in --via pgbouncer=jdbc:postgresql://host:6432/db");
        continue;
      }
      if (!names.add(name)) {
        problems.add("--via names '" + name + "' twice");
        continue;
      }
      if (url == null) {
        if (ownName != null) {
          problems.add("--via names the run's own connection twice ('" + ownName + "' and '" + name + "'): give"
              + " NAME alone once, the others as NAME=URL");
        }
        ownName = name;
      } else if (url.isEmpty()) {
        problems.add("--via " + name + "= has no URL");
      } else {
        others.add(new ViaRoute(name, url));
      }
    }
    if (others.isEmpty() && problems.isEmpty()) {
      problems.add("--via needs at least one NAME=URL: a road besides the run's own connection to compare with");
    }
    String own = ownName == null ? DIRECT : ownName;
    if (ownName == null && names.contains(DIRECT)) {
      problems.add("--via direct=URL: '" + DIRECT + "' names the run's own connection; give that road another name");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
    List<ViaRoute> roads = new ArrayList<>();
    roads.add(new ViaRoute(own, null));
    roads.addAll(others);
    return List.copyOf(roads);
  }

  /** Whether this is the run's own connection. */
  public boolean own() {
    return url == null;
  }
}
