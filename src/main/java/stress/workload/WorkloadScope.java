package stress.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.PathFactsStore;
import stress.mongo.value.TranslationTarget;
import stress.mongo.value.WrittenPaths;
import stress.table.DocumentTable;

/**
 * What the MongoDB-style operations of one file share when they are written for a table: what all of them may
 * write (a {@code $set} in one operation can change the kinds another one's find reads) and the btree indexes the
 * file declares. Filled while the file is read, read only afterwards.
 */
final class WorkloadScope {
  private final WrittenPaths writes = new WrittenPaths();
  private Map<String, Set<String>> indexed = Map.of();
  /** Whether the file declares {gin: data}. */
  private boolean declaredGin;
  private final Set<String> paths = new java.util.TreeSet<>();

  WrittenPaths writes() {
    return writes;
  }

  /** The document paths whose facts decide the forms of the file's MongoDB-style operations. */
  Set<String> paths() {
    return Set.copyOf(paths);
  }

  void paths(Set<String> more) {
    paths.addAll(more);
  }

  void indexes(List<IndexSpec> specs) {
    Map<String, Set<String>> kinds = new HashMap<>();
    for (IndexSpec spec : specs) {
      for (int i = 0; i < spec.paths().size(); i++) {
        kinds.computeIfAbsent(String.join(".", spec.paths().get(i)), p -> new java.util.TreeSet<>())
            .add(spec.types().get(i));
      }
    }
    indexed = Map.copyOf(kinds);
    declaredGin = specs.stream().anyMatch(IndexSpec::gin);
  }

  /**
   * The target for one operation on one table: its paths' facts widened by the file's writes, the server, and the
   * tables of the collections its {@code $lookup} stages read.
   */
  TranslationTarget target(Connection connection, DocumentTable table, Set<String> paths, Set<String> collections)
      throws SQLException {
    PathCatalog catalog = PathFactsStore.read(connection, table, paths).widenedBy(writes);
    return new TranslationTarget(catalog, hasJsonPath(connection), withBuilt(connection, table, paths),
        table.idType(), LookupTables.resolve(connection, table, collections), citusDistributed(connection, table),
        !greenplum(connection), table.layout(), atLeast(connection, 140000),
        declaredGin || hasGin(connection, table));
  }

  /** True when the table has a GIN index (on data: the only column a document table indexes so). */
  private static boolean hasGin(Connection connection, DocumentTable table) throws SQLException {
    try (java.sql.PreparedStatement ps = connection.prepareStatement("SELECT EXISTS (SELECT 1 FROM pg_index i"
        + " JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam"
        + " WHERE i.indrelid = CAST(? AS regclass) AND a.amname = 'gin')")) {
      ps.setString(1, table.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  /**
   * True on a Greenplum-family server ({@code gp_server_version_num} is set): its coordinator crashes (SIGSEGV) on a
   * scalar subquery inside a lateral subquery fenced by {@code OFFSET 0}, a form the pipelines use elsewhere.
   */
  private static boolean greenplum(Connection connection) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT current_setting('gp_server_version_num', true) IS NOT NULL")) {
      rs.next();
      return rs.getBoolean(1);
    }
  }

  /** True when Citus distributes the table (hash or append; a reference table is on every node, read in place). */
  private static boolean citusDistributed(Connection connection, DocumentTable table) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL")) {
      rs.next();
      if (!rs.getBoolean(1)) {
        return false;
      }
    }
    try (java.sql.PreparedStatement ps = connection.prepareStatement("SELECT partmethod <> 'n' FROM"
        + " pg_catalog.pg_dist_partition WHERE logicalrelid = CAST(? AS regclass)")) {
      ps.setString(1, table.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  /**
   * The declared btrees, and those {@code stress index} built on the table (e.g. by {@code --suggest}, or for another
   * file) for these paths, recognised by the names it gives them, every kind of each path: the forms read a typed one
   * where there, else a hand-written one where the path's facts allow.
   */
  private Map<String, Set<String>> withBuilt(Connection connection, DocumentTable table, Set<String> paths)
      throws SQLException {
    Map<String, Set<String>> all = new HashMap<>();
    indexed.forEach((path, kinds) -> all.put(path, new java.util.TreeSet<>(kinds)));
    List<String> names = new java.util.ArrayList<>();
    try (java.sql.PreparedStatement ps = connection.prepareStatement("SELECT c.relname FROM pg_index i JOIN pg_class c"
        + " ON c.oid = i.indexrelid WHERE i.indrelid = CAST(? AS regclass)")) {
      ps.setString(1, table.qualifiedName());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
    }
    for (String path : paths) {
      for (String type : IndexSpec.TYPES) {
        String prefix = IndexSpec.namePrefix(table, path, type);
        if (names.stream().anyMatch(n -> n.equals(prefix + "_idx") || n.startsWith(prefix + "__"))) {
          all.computeIfAbsent(path, p -> new java.util.TreeSet<>()).add(type);
        }
      }
    }
    return all;
  }

  private static boolean hasJsonPath(Connection connection) throws SQLException {
    return atLeast(connection, 120000);
  }

  /** True when the server is this PostgreSQL version ({@code server_version_num}) or later. */
  private static boolean atLeast(Connection connection, int versionNum) throws SQLException {
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT CAST(current_setting('server_version_num') AS integer) >= "
             + versionNum)) {
      rs.next();
      return rs.getBoolean(1);
    }
  }
}
