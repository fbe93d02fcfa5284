package stress.mongodb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;

/**
 * DocumentDB's plan of one operation in one line, as FerretDB 2 answers {@code explain}: PostgreSQL's {@code EXPLAIN
 * (FORMAT JSON)} of the query DocumentDB runs, without ANALYZE, so its rows are the planner's estimates. Said: the
 * nodes top-down, the index that serves the filter or the scan that reads every document, whether the sort the
 * operation asks for is read in an index's order or sorts the matching rows (how many), where the limit stops, and a
 * range tested on each document read instead of in an index. FerretDB 1.24's plan carries its own pushdown flags
 * instead, which {@link MongoPlan} reads; nothing here says "pushed down" of a plan that has none.
 */
final class DocumentDbPlan {
  /** DocumentDB's range operators ($gt, $gte, $lt, $lte and a range of two bounds) as its plans print them. */
  private static final Pattern RANGE = Pattern.compile("OPERATOR\\(documentdb_api_catalog\\.@(>=?|<=?|<>)\\)");
  /** One condition: on the document or its {@code _id}, the operator, the BSON document of its path and value. */
  private static final Pattern CONDITION = Pattern.compile(
      "\\b(document|object_id) OPERATOR\\([a-z_]+\\.([^)]+)\\) 'BSONHEX([0-9a-fA-F]+)'");
  /** DocumentDB's operators as MongoDB's; {@code @<>} is a range of two bounds. */
  private static final Map<String, String> OPERATORS = Map.of("@=", "=", "=", "=", "@*=", "$in", "@>", "$gt",
      "@>=", "$gte", "@<", "$lt", "@<=", "$lte", "@<>", "range", "@!=", "$ne");
  /** A condition on a document's value, or on its {@code _id}: not the shard key column every scan is bound to. */
  private static final Pattern ON_DOCUMENT = Pattern.compile("\\b(document|object_id) OPERATOR\\(");

  private DocumentDbPlan() {}

  /** Whether this explain answer is DocumentDB's (a PostgreSQL plan without FerretDB 1.24's pushdown flags). */
  static boolean is(BsonDocument explain, BsonDocument planner) {
    return planner != null && planner.containsKey("Plan") && planner.get("Plan").isDocument()
        && !explain.containsKey("filterPushdown");
  }

  /**
   * @param plan    the plan's top node ({@code queryPlanner.Plan})
   * @param command the operation explained, as the answer repeats it ({@code command}), or an empty document
   */
  static String describe(BsonDocument plan, BsonDocument command) {
    List<BsonDocument> nodes = new ArrayList<>();
    collect(plan, nodes);
    List<String> chain = new ArrayList<>();
    for (BsonDocument n = plan; n != null; n = firstChild(n)) {
      String relation = n.containsKey("Relation Name") ? " on " + text(n, "Relation Name") : "";
      String index = n.containsKey("Index Name") ? " (index " + text(n, "Index Name") + ")" : "";
      chain.add(text(n, "Node Type") + relation + index);
    }
    Asked asked = Asked.of(command);
    List<String> parts = new ArrayList<>();
    parts.add("PostgreSQL " + String.join(" > ", chain));
    parts.add(filter(nodes, asked));
    BsonDocument sort = first(nodes, "Sort", "Incremental Sort");
    if (sort != null) {
      String rows = rows(firstChild(sort));
      parts.add("sort: not served by an index (a Sort" + sortKeys(sort) + " of every matching row: ~" + rows
          + " by the planner's estimate, as explain does not run the query)");
    } else if (asked.sort) {
      parts.add("sort: read in the order of index " + orderedIndex(nodes));
    }
    BsonDocument limit = first(nodes, "Limit");
    if (limit != null) {
      parts.add(sort != null && below(limit, sort) ? "limit: after sorting every matching row"
          : "limit: stops the scan" + (asked.limit > 0 ? " at " + asked.limit + " rows" : ""));
    } else if (asked.limit > 0) {
      parts.add("limit: not in the plan");
    }
    return String.join("; ", parts);
  }

  /** The filter's part: the index that serves it (on which paths), what is tested on each document read. */
  private static String filter(List<BsonDocument> nodes, Asked asked) {
    Set<String> served = new LinkedHashSet<>();
    Set<String> inIndex = new LinkedHashSet<>();
    for (BsonDocument n : nodes) {
      String cond = text(n, "Index Cond");
      if (n.containsKey("Index Name") && ON_DOCUMENT.matcher(cond).find()) {
        served.add(text(n, "Index Name"));
        inIndex.addAll(conditions(cond));
      }
    }
    Set<String> tested = new LinkedHashSet<>();
    boolean rangeTested = false;
    for (BsonDocument n : nodes) {
      String residual = text(n, "Filter");
      tested.addAll(conditions(residual));
      rangeTested |= RANGE.matcher(residual).find();
    }
    String line;
    if (!served.isEmpty()) {
      line = "filter: index " + String.join(", ", served) + " (" + String.join(", ", inIndex) + ")";
    } else if (first(nodes, "Seq Scan") != null) {
      line = asked.filter ? "filter: in no index, every document read (Seq Scan)" : "no filter: every document read";
    } else {
      line = asked.filter ? "filter: in no index" : "no filter";
    }
    if (!tested.isEmpty()) {
      line += (served.isEmpty() ? ", " : "; ") + String.join(", ", tested) + " tested on each document read"
          + (rangeTested ? " (a range not in an index)" : "");
    }
    return line;
  }

  /**
   * The conditions of a plan's condition text as {@code path operator}, e.g. {@code createdAt $gte}: DocumentDB prints
   * each as {@code document OPERATOR(...@>=) 'BSONHEX...'}, the hex a BSON document whose first key is the path.
   */
  static List<String> conditions(String sql) {
    List<String> found = new ArrayList<>();
    Matcher m = CONDITION.matcher(sql);
    while (m.find()) {
      String path = m.group(1).equals("object_id") ? "_id" : path(m.group(3));
      found.add(path + " " + OPERATORS.getOrDefault(m.group(2), m.group(2)));
    }
    return found;
  }

  /** The first key of the BSON document of a plan's {@code 'BSONHEX...'} literal, or {@code ?}. */
  static String path(String hex) {
    try {
      return new RawBsonDocument(HexFormat.of().parseHex(hex)).getFirstKey();
    } catch (RuntimeException e) {
      return "?";
    }
  }

  /** The paths of a Sort node's keys, e.g. {@code  on createdAt}: each {@code bson_orderby(document, 'BSONHEX...')}. */
  private static String sortKeys(BsonDocument sort) {
    Set<String> keys = new LinkedHashSet<>();
    for (BsonValue key : sort.getArray("Sort Key", new BsonArray())) {
      Matcher m = Pattern.compile("'BSONHEX([0-9a-fA-F]+)'").matcher(key.isString() ? key.asString().getValue() : "");
      if (m.find()) {
        keys.add(path(m.group(1)));
      }
    }
    return keys.isEmpty() ? "" : " on " + String.join(", ", keys);
  }

  /** The index whose order serves the sort: the scan under the plan that is not a bitmap (which has no order). */
  private static String orderedIndex(List<BsonDocument> nodes) {
    for (BsonDocument n : nodes) {
      String type = text(n, "Node Type");
      if (n.containsKey("Index Name") && (type.equals("Index Scan") || type.equals("Index Only Scan"))) {
        return text(n, "Index Name") + (text(n, "Scan Direction").equals("Backward") ? " (backward)" : "");
      }
    }
    return "? (no Sort node and no ordered index scan in the plan)";
  }

  /** What the operation asks for, from the command the answer repeats: a filter, a sort, a limit. */
  private record Asked(boolean filter, boolean sort, long limit) {
    static Asked of(BsonDocument command) {
      if (command.containsKey("pipeline") && command.get("pipeline").isArray()) {
        boolean filter = false;
        boolean sort = false;
        long limit = 0;
        for (BsonValue stage : command.getArray("pipeline")) {
          if (stage.isDocument() && !stage.asDocument().isEmpty()) {
            String name = stage.asDocument().getFirstKey();
            filter |= name.equals("$match") && !stage.asDocument().getDocument("$match", new BsonDocument()).isEmpty();
            sort |= name.equals("$sort");
            if (name.equals("$limit") && stage.asDocument().get("$limit").isNumber()) {
              limit = stage.asDocument().get("$limit").asNumber().longValue();
            }
          }
        }
        return new Asked(filter, sort, limit);
      }
      return new Asked(nonEmpty(command, "filter") || nonEmpty(command, "query"), nonEmpty(command, "sort"),
          command.containsKey("limit") && command.get("limit").isNumber()
              ? Math.abs(command.get("limit").asNumber().longValue()) : 0);
    }

    private static boolean nonEmpty(BsonDocument d, String key) {
      return d.containsKey(key) && d.get(key).isDocument() && !d.getDocument(key).isEmpty();
    }
  }

  private static void collect(BsonDocument node, List<BsonDocument> into) {
    into.add(node);
    BsonArray children = node.getArray("Plans", new BsonArray());
    for (BsonValue child : children) {
      if (child.isDocument()) {
        collect(child.asDocument(), into);
      }
    }
  }

  private static BsonDocument firstChild(BsonDocument node) {
    BsonArray children = node.getArray("Plans", new BsonArray());
    return children.isEmpty() || !children.get(0).isDocument() ? null : children.get(0).asDocument();
  }

  private static BsonDocument first(List<BsonDocument> nodes, String... types) {
    for (BsonDocument n : nodes) {
      if (List.of(types).contains(text(n, "Node Type"))) {
        return n;
      }
    }
    return null;
  }

  /** Whether {@code inner} is in the subtree under {@code outer}. */
  private static boolean below(BsonDocument outer, BsonDocument inner) {
    List<BsonDocument> under = new ArrayList<>();
    collect(outer, under);
    return under.stream().anyMatch(n -> n == inner);
  }

  private static String rows(BsonDocument node) {
    if (node == null || !node.containsKey("Plan Rows") || !node.get("Plan Rows").isNumber()) {
      return "?";
    }
    return Long.toString(Math.round(node.get("Plan Rows").asNumber().doubleValue()));
  }

  private static String text(BsonDocument d, String key) {
    BsonValue v = d.get(key);
    return v != null && v.isString() ? v.asString().getValue() : "";
  }
}
