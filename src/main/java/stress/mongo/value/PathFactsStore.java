package stress.mongo.value;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import stress.table.DocumentTable;
import stress.table.Identifiers;

/**
 * Path facts kept in the table {@code stress_path_facts} beside the documents (in the same schema): one row per
 * table and path, found by one scan of the table that aggregates every path asked for at once. A run reads the
 * rows of the paths its operations use and finds the missing ones on demand; {@code stress analyze} finds them again
 * after the data changed outside stress. A user who may not create the table still gets the facts, found anew by
 * each run.
 */
public final class PathFactsStore {
  public static final String TABLE = "stress_path_facts";
  /** Bit of each kind in the scan's bit_or, in the order of {@link #KIND_BITS}; bit 0 is an array on the way. */
  private static final List<String> KIND_BITS = List.of(PathFacts.MISSING, PathFacts.NULL, PathFacts.NUMBER,
      PathFacts.STRING, PathFacts.BOOLEAN, PathFacts.DATE, PathFacts.FAR_DATE, PathFacts.OBJECT_ID, PathFacts.DECIMAL,
      PathFacts.SPECIAL_DOUBLE, PathFacts.OBJECT, PathFacts.ARRAY, PathFacts.OTHER);

  private PathFactsStore() {}

  /** The facts of these paths: stored ones, the others found now (and stored where the user may). */
  public static PathCatalog read(Connection c, DocumentTable table, Set<String> paths) throws SQLException {
    Map<String, PathFacts> found = new HashMap<>();
    String since = null;
    if (!paths.isEmpty() && exists(c, table)) {
      try (PreparedStatement ps = c.prepareStatement("SELECT path, arrays, kinds, CAST(analyzed_at AS text) FROM "
          + catalog(table) + " WHERE table_name = ? AND path = ANY (?)")) {
        ps.setString(1, table.name());
        ps.setArray(2, c.createArrayOf("text", paths.toArray()));
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            found.put(rs.getString(1), new PathFacts(rs.getBoolean(2), kinds(rs.getString(3))));
            since = since == null || rs.getString(4).compareTo(since) < 0 ? rs.getString(4) : since;
          }
        }
      }
    }
    Set<String> missing = new TreeSet<>(paths);
    missing.removeAll(found.keySet());
    String source = "path facts of " + table.displayName() + (since == null ? "" : " stored " + since);
    if (!missing.isEmpty()) {
      found.putAll(analyze(c, table, missing));
      source = "path facts of " + table.displayName() + (since == null ? " found now" : " stored " + since
          + " and found now");
    }
    return new PathCatalog(found, source);
  }

  /** The paths whose facts are stored for the table (none when the catalog table is not there). */
  public static Set<String> storedPaths(Connection c, DocumentTable table) throws SQLException {
    Set<String> paths = new TreeSet<>();
    if (!exists(c, table)) {
      return paths;
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT path FROM " + catalog(table) + " WHERE table_name = ?")) {
      ps.setString(1, table.name());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          paths.add(rs.getString(1));
        }
      }
    }
    return paths;
  }

  /** The kinds of a stored row: an empty text is none (a path no document held when it was found). */
  private static Set<String> kinds(String stored) {
    return stored.isBlank() ? Set.of() : Set.of(stored.strip().split(" "));
  }

  /**
   * Finds the facts of these paths with one scan and stores them, replacing older rows; returns them. An empty table
   * tells nothing of what its documents will hold: each path is then {@link PathFacts#UNKNOWN}, and nothing is stored.
   */
  public static Map<String, PathFacts> analyze(Connection c, DocumentTable table, Set<String> paths)
      throws SQLException {
    List<String> ordered = new ArrayList<>(new LinkedHashSet<>(paths));
    StringBuilder sql = new StringBuilder("SELECT count(*)");
    for (String path : ordered) {
      sql.append(", bit_or(").append(bits(MongoPath.parse(path).keys())).append(')');
    }
    sql.append(" FROM ").append(table.qualifiedName());
    Map<String, PathFacts> facts = new HashMap<>();
    long documents;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.toString())) {
      rs.next();
      documents = rs.getLong(1);
      for (int i = 0; i < ordered.size(); i++) {
        long bits = rs.getLong(i + 2);
        Set<String> kinds = new TreeSet<>();
        for (int k = 0; k < KIND_BITS.size(); k++) {
          if ((bits & (1L << (k + 1))) != 0) {
            kinds.add(KIND_BITS.get(k));
          }
        }
        facts.put(ordered.get(i), documents == 0 ? PathFacts.UNKNOWN : new PathFacts((bits & 1) != 0, kinds));
      }
    }
    if (documents > 0) {
      store(c, table, facts, documents);
    }
    return facts;
  }

  /** Stores facts where the user may create and write the table; a refusal leaves them unstored, not failed. */
  private static void store(Connection c, DocumentTable table, Map<String, PathFacts> facts, long documents)
      throws SQLException {
    if (!c.getAutoCommit()) {
      return;
    }
    try (Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS " + catalog(table) + " (table_name text NOT NULL, path text NOT NULL,"
          + " arrays boolean NOT NULL, kinds text NOT NULL, documents bigint NOT NULL, analyzed_at timestamptz NOT NULL,"
          + " PRIMARY KEY (table_name, path))");
    } catch (SQLException refused) {
      return;
    }
    try (PreparedStatement delete = c.prepareStatement("DELETE FROM " + catalog(table)
        + " WHERE table_name = ? AND path = ?");
         PreparedStatement insert = c.prepareStatement("INSERT INTO " + catalog(table)
             + " (table_name, path, arrays, kinds, documents, analyzed_at) VALUES (?, ?, ?, ?, ?, now())")) {
      for (Map.Entry<String, PathFacts> e : facts.entrySet()) {
        delete.setString(1, table.name());
        delete.setString(2, e.getKey());
        delete.executeUpdate();
        insert.setString(1, table.name());
        insert.setString(2, e.getKey());
        insert.setBoolean(3, e.getValue().arrays());
        insert.setString(4, String.join(" ", new TreeSet<>(e.getValue().kinds())));
        insert.setLong(5, documents);
        insert.executeUpdate();
      }
    } catch (SQLException refused) {
      // read-only user: the facts found now serve this run
    }
  }

  private static boolean exists(Connection c, DocumentTable table) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      ps.setString(1, catalog(table));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  private static String catalog(DocumentTable table) {
    return table.schema() == null ? TABLE : Identifiers.quote(table.schema()) + "." + TABLE;
  }

  /** One integer per document: bit 0 for an array at or above the path, then the bit of the value's kind. */
  private static String bits(List<String> keys) {
    StringBuilder arrays = new StringBuilder();
    StringBuilder step = new StringBuilder("data");
    for (String key : keys) {
      step.append(" -> ").append(JsonPathText.sql(key));
      arrays.append(arrays.length() == 0 ? "" : " OR ").append("jsonb_typeof(").append(step).append(") = 'array'");
    }
    String v = step.toString();
    String type = "jsonb_typeof(" + v + ")"; // searched CASE: Citus mis-deparses a simple one in some plans
    String kind = "CASE"
        + " WHEN " + type + " = 'number' THEN " + bit(PathFacts.NUMBER)
        + " WHEN " + type + " = 'string' THEN " + bit(PathFacts.STRING)
        + " WHEN " + type + " = 'boolean' THEN " + bit(PathFacts.BOOLEAN)
        + " WHEN " + type + " = 'null' THEN " + bit(PathFacts.NULL)
        + " WHEN " + type + " = 'array' THEN " + bit(PathFacts.ARRAY)
        + " WHEN " + type + " = 'object' THEN CASE WHEN jsonb_exists(" + v + ", '$date') THEN CASE WHEN jsonb_typeof(" + v
        + " -> '$date') = 'string' THEN " + bit(PathFacts.DATE) + " ELSE " + bit(PathFacts.FAR_DATE) + " END"
        + " WHEN jsonb_exists(" + v + ", '$oid') THEN " + bit(PathFacts.OBJECT_ID)
        + " WHEN jsonb_exists(" + v + ", '$numberDecimal') THEN " + bit(PathFacts.DECIMAL)
        + " WHEN jsonb_exists(" + v + ", '$numberDouble') THEN " + bit(PathFacts.SPECIAL_DOUBLE)
        + " WHEN jsonb_exists_any(" + v + ", ARRAY['$binary', '$regularExpression', '$timestamp', '$minKey',"
        + " '$maxKey', '$code', '$symbol', '$dbPointer', '$numberLong', '$uuid', '$undefined']) THEN "
        + bit(PathFacts.OTHER) + " ELSE " + bit(PathFacts.OBJECT) + " END"
        + " ELSE " + bit(PathFacts.MISSING) + " END";
    return "(CASE WHEN " + arrays + " THEN 1 ELSE 0 END) | " + kind;
  }

  private static long bit(String kind) {
    return 1L << (KIND_BITS.indexOf(kind) + 1);
  }
}
