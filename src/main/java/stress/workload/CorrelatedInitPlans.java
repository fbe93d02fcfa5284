package stress.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Greenplum 7 defect a statement is refused for: an init plan that reads a column of a row outside it (a scalar
 * subquery two levels inside the row it reads). Greenplum runs init plans before the rows they read exist, and its
 * coordinator crashes (SIGSEGV in the first function that reads the column, e.g. {@code jsonb_typeof}); the whole
 * cluster restarts. The server's own plan says whether a statement has one: EXPLAIN executes nothing.
 */
final class CorrelatedInitPlans {
  static final String DEFECT = "Greenplum 7 crashes its coordinator (SIGSEGV) on an init plan that reads a column"
      + " of the row outside it (a scalar subquery two levels inside that row)";
  private static final ObjectMapper JSON = new ObjectMapper();
  /** {@code alias.column}, not a schema-qualified function or a number. */
  private static final Pattern COLUMN = Pattern.compile("(?<![\\w$.])(?:\"([^\"]+)\"|(?<!\")([A-Za-z_]\\w*))\\."
      + "(?:\"[^\"]*\"|[A-Za-z_]\\w*)(?![\\w\"]*\\()");
  private static final Set<String> EXPRESSIONS = Set.of("Output", "Filter", "Function Call", "Sort Key", "Join Filter",
      "Hash Cond", "Merge Cond", "Index Cond", "One-Time Filter", "Group Key", "Recheck Cond", "Table Function Call");

  private CorrelatedInitPlans() {
  }

  /**
   * Why an aggregation's statement must not be sent to this server, naming its first stage whose pipeline so far
   * has such an init plan; null when it has none.
   *
   * @param sent the text a statement is sent as (its table's name and {@code _id} literals filled in)
   */
  static String refusal(Connection connection, org.bson.BsonDocument spec, stress.mongo.value.Parameters parameters,
                        stress.mongo.value.TranslationTarget target, stress.mongo.MongoStatement whole,
                        java.util.function.Function<stress.mongo.MongoStatement, String> sent) throws SQLException {
    if (find(connection, sent.apply(whole), whole.values().size()) == null) {
      return null;
    }
    org.bson.BsonArray stages = spec.getArray("pipeline");
    org.bson.BsonArray prefix = new org.bson.BsonArray();
    for (int i = 0; i < stages.size(); i++) {
      prefix.add(stages.get(i));
      stress.mongo.MongoStatement part = stress.mongo.MongoStatement.translate("aggregate",
          new org.bson.BsonDocument("pipeline", prefix), parameters, target);
      if (i == stages.size() - 1 || find(connection, sent.apply(part), part.values().size()) != null) {
        return "stage " + (i + 1) + " (" + stages.get(i).asDocument().getFirstKey() + ") is refused on this server: "
            + DEFECT + "; no form of it that this server runs is known";
      }
    }
    return null;
  }

  /**
   * The expression of the first init plan of the statement's generic plan that reads a column from outside it, or
   * null. The statement is prepared on the server with its placeholders as {@code $n}, so that no value is folded
   * into the plan (a NULL bound to {@code _id = ?} would prune the whole pipeline from it).
   */
  static String find(Connection connection, String sql, int placeholders) throws SQLException {
    boolean auto = connection.getAutoCommit();
    boolean prepared = false;
    connection.setAutoCommit(false);
    // within a transaction of the caller's, only the check's own part is rolled back (its SET LOCAL with it)
    java.sql.Savepoint own = auto ? null : connection.setSavepoint();
    try (Statement s = connection.createStatement()) {
      s.execute("SET LOCAL plan_cache_mode = force_generic_plan");
      s.execute("PREPARE stress_initplan_check AS " + numbered(sql));
      prepared = true;
      String nulls = placeholders == 0 ? "" : "(" + String.join(", ", java.util.Collections.nCopies(placeholders,
          "NULL")) + ")";
      try (ResultSet rs = s.executeQuery("EXPLAIN (VERBOSE, FORMAT JSON) EXECUTE stress_initplan_check" + nulls)) {
        rs.next();
        return find(JSON.readTree(rs.getString(1)).get(0).get("Plan"));
      } catch (java.io.IOException e) {
        throw new IllegalStateException("EXPLAIN (FORMAT JSON) gave no JSON: " + e.getMessage(), e);
      }
    } finally {
      if (own == null) {
        connection.rollback(); // ends the SET LOCAL; a prepared statement outlives it
      } else {
        connection.rollback(own);
      }
      if (prepared) {
        try (Statement s = connection.createStatement()) {
          s.execute("DEALLOCATE stress_initplan_check");
        }
      }
      connection.setAutoCommit(auto);
    }
  }

  /** JDBC text as the server's: each placeholder {@code ?} a {@code $n}, each {@code ??} the operator {@code ?}. */
  static String numbered(String sql) {
    StringBuilder b = new StringBuilder(sql.length());
    int n = 0;
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
        b.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        b.append(c);
      } else if (c == '?' && i + 1 < sql.length() && sql.charAt(i + 1) == '?') {
        b.append('?');
        i++;
      } else if (c == '?') {
        b.append('$').append(++n);
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** The first init plan under this plan node that reads a column of a table or subquery it does not scan. */
  static String find(JsonNode plan) {
    if (plan.path("Parent Relationship").asText().equals("InitPlan")) {
      Set<String> scanned = new HashSet<>();
      aliases(plan, scanned);
      String outside = outsideColumn(plan, scanned);
      if (outside != null) {
        return outside;
      }
    }
    for (JsonNode child : plan.path("Plans")) {
      String found = find(child);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static void aliases(JsonNode plan, Set<String> scanned) {
    if (plan.has("Alias")) {
      scanned.add(plan.get("Alias").asText());
    }
    plan.path("Plans").forEach(child -> aliases(child, scanned));
  }

  /** The text with each quoted literal emptied ({@code 'lax $."a"'} holds no column). */
  private static String withoutLiterals(String text) {
    StringBuilder b = new StringBuilder(text.length());
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\'') {
        quoted = !quoted; // a doubled quote inside a literal closes and reopens it
        b.append(c);
      } else if (!quoted) {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static String outsideColumn(JsonNode plan, Set<String> scanned) {
    for (String field : EXPRESSIONS) {
      JsonNode value = plan.get(field);
      if (value == null) {
        continue;
      }
      for (JsonNode text : value.isArray() ? value : JSON.createArrayNode().add(value)) {
        Matcher m = COLUMN.matcher(withoutLiterals(text.asText()));
        while (m.find()) {
          String alias = m.group(1) != null ? m.group(1) : m.group(2);
          if (!scanned.contains(alias) && !alias.equals("pg_catalog")) {
            return text.asText();
          }
        }
      }
    }
    for (JsonNode child : plan.path("Plans")) {
      String found = outsideColumn(child, scanned);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
