package stress.server.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plan as two tables of one collection can share it: the plan's nodes and their conditions, keys and filters, with
 * the table's own name (and its indexes' names, which begin with it), schemas, shard numbers, costs and the drawn
 * values left out. Two tables whose statement has the same shape run it the same way; what their latencies then differ
 * by comes from elsewhere (the other operations of the mix, the data), not from this statement's plan.
 */
public final class PlanShape {
  /** {@code (cost=0.42..8.44 rows=1 width=38)}, {@code (actual time=... loops=1)}, {@code (never executed)}. */
  private static final Pattern COSTS = Pattern.compile("\\s*\\((?:cost|actual)[= ][^)]*\\)|\\s*\\(never executed\\)");
  /** The lines kept beside the nodes: their conditions, filters and keys ({@code Index Cond:}, {@code Sort Key:}). */
  private static final Pattern DETAIL = Pattern.compile("^\\s*(?:[A-Z][\\w-]* )*(?:Cond|Filter|Key|Query):");
  private static final Pattern STRING = Pattern.compile("'(?:[^']|'')*'");
  private static final Pattern NUMBER = Pattern.compile("(?<![\\w$.])-?\\d+(?:\\.\\d+)?(?![\\w$])");
  /** A shard's or partition's number after a name: {@code check_in_102008}, {@code check_in_pkey_102008}. */
  private static final Pattern SHARD = Pattern.compile("_\\d{4,}(?![\\w$])");

  private PlanShape() {}

  /**
   * The shape of a plan of a statement on {@code table}.
   *
   * @param plan  the plan's lines as the server printed them
   * @param table the table's name as the catalog stores it, replaced by {@code T} wherever a name begins with it
   */
  public static String of(List<String> plan, String table) {
    // quotes dropped first: the server quotes a name only where it needs to, the same way on both tables
    Pattern name = Pattern.compile("(?:[\\w$]+\\.)?(?<![\\w$])" + Pattern.quote(table.replace("\"", "")));
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < plan.size(); i++) {
      String line = plan.get(i);
      if (i > 0 && !line.contains("->") && !DETAIL.matcher(line).find()) {
        continue;
      }
      String shaped = COSTS.matcher(line).replaceAll("");
      shaped = STRING.matcher(shaped).replaceAll("'?'").replace("\"", "");
      shaped = name.matcher(shaped).replaceAll(Matcher.quoteReplacement("T"));
      shaped = SHARD.matcher(shaped).replaceAll("");
      shaped = NUMBER.matcher(shaped).replaceAll("?");
      kept.add(shaped.stripTrailing());
    }
    return String.join("\n", kept);
  }
}
