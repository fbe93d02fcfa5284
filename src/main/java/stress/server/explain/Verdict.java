package stress.server.explain;

import java.util.List;
import java.util.Objects;

/**
 * Where one statement goes in one plan mode, read from its plan or from the server's refusal.
 *
 * @param route    the kind of route
 * @param touched  shards / datanodes / segments the plan reaches, or null when it does not say
 * @param total    how many the table or cluster has, or null when unknown
 * @param unit     what is counted, singular ({@code shard}, {@code datanode}, {@code segment}); null for a single node
 * @param nodes    the nodes named in the plan when it names all it reaches (Citus {@code host:port}, XL datanode names)
 * @param detail   what in the plan (or the error message) the verdict rests on, or null
 * @param sqlState the server's SQLState when it refused the statement, else null
 */
public record Verdict(Route route, Integer touched, Integer total, String unit, List<String> nodes, String detail,
                      String sqlState) {

  public Verdict {
    Objects.requireNonNull(route, "route");
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    if (route == Route.REFUSED && sqlState == null) {
      throw new IllegalArgumentException("a refused statement needs the SQLState of the refusal");
    }
  }

  /** Plain PostgreSQL: the statement runs where it is sent. */
  public static Verdict singleNode(String detail) {
    return new Verdict(Route.SINGLE_NODE, null, null, null, List.of(), detail, null);
  }

  /** {@code touched} of {@code total} units, the route following from the counts. */
  public static Verdict counted(Integer touched, Integer total, String unit, List<String> nodes, String detail) {
    return new Verdict(Route.of(touched, total), touched, total, unit, nodes, detail, null);
  }

  /** The server refused the statement; {@code message} is the first line of its error. */
  public static Verdict refused(String sqlState, String message) {
    return new Verdict(Route.REFUSED, null, null, null, List.of(), firstLine(message), sqlState == null ? "?????" : sqlState);
  }

  /** The plan did not say where the statement goes; {@code why} says what was missing. */
  public static Verdict unknown(String why) {
    return new Verdict(Route.UNKNOWN, null, null, null, List.of(), why, null);
  }

  /**
   * The one-line verdict, e.g. {@code single-node route: 1 of 32 shards (router, Task Count 1; node 127.0.0.1:9702)}
   * or {@code refused: ERROR 0A000 could not create distributed plan}.
   */
  public String line() {
    return switch (route) {
      case SINGLE_NODE -> "single node" + parenthesized(detail, List.of());
      case ONE -> "single-node route: " + counts() + parenthesized(detail, nodes);
      case SEVERAL -> "multi-" + unit + ": " + counts() + parenthesized(detail, nodes);
      case ALL -> "broadcast: " + counts() + parenthesized(detail, nodes);
      case REFUSED -> "refused: ERROR " + sqlState + (detail == null ? "" : " " + detail);
      case UNKNOWN -> "unknown" + (detail == null ? "" : ": " + detail);
    };
  }

  /** A few words for a summary table: {@code one: 1 of 32 shards}, {@code broadcast: 2 of 2 datanodes}, {@code refused 0A000}. */
  public String brief() {
    return switch (route) {
      case SINGLE_NODE -> "single node";
      case ONE -> "one: " + counts();
      case SEVERAL -> "multi: " + counts();
      case ALL -> "broadcast: " + counts();
      case REFUSED -> "refused " + sqlState;
      case UNKNOWN -> "unknown";
    };
  }

  /** E.g. {@code 23 of 32 shards}. */
  private String counts() {
    return touched + " of " + (total == null ? "?" : total) + " " + unit + (total != null && total == 1 ? "" : "s");
  }

  private static String parenthesized(String detail, List<String> nodes) {
    String names = nodes.isEmpty() ? null : (nodes.size() == 1 ? "node " : "nodes ") + String.join(", ", nodes);
    if (detail == null && names == null) {
      return "";
    }
    return " (" + (detail == null ? names : names == null ? detail : detail + "; " + names) + ")";
  }

  private static String firstLine(String message) {
    if (message == null) {
      return null;
    }
    String line = message.strip();
    int nl = line.indexOf('\n');
    line = nl < 0 ? line : line.substring(0, nl).strip();
    // pgjdbc prefixes the severity: "ERROR: could not create distributed plan"
    return line.startsWith("ERROR: ") ? line.substring("ERROR: ".length()) : line;
  }
}
