package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.model.ExistingTablePolicy;
import stress.load.PreparedTable;
import stress.load.TableSetup;
import stress.load.importer.TableNaming;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.table.Identifiers;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.Dialect;

/**
 * On a real Citus coordinator: tables whose names are so long that Citus must hash their shard names (citusdata/citus
 * issue 4739, a distributed self-deadlock when shards are created over several connections per worker). Import
 * and init must create, distribute and fill them, up to the longest name they produce (58 bytes).
 */
class CitusLongNamesIT {
  private static final String DB = "LongNamesDb";
  private static final int DOCS = 300;
  private final List<String> tables = new ArrayList<>();
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.citus();
  }

  /** The cluster is shared: drop every table made here and the checkpoints that name them. */
  @AfterEach
  void dropTables() throws Exception {
    if (url == null || tables.isEmpty()) {
      return;
    }
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      for (String table : tables) {
        s.execute("DROP TABLE IF EXISTS " + Identifiers.quote(table) + ", " + Identifiers.quote(table + "_copy"));
      }
      try (ResultSet rs = s.executeQuery("SELECT to_regclass('stress_import_progress') IS NOT NULL")) {
        rs.next();
        if (!rs.getBoolean(1)) {
          return;
        }
      }
      try (PreparedStatement ps = c.prepareStatement("DELETE FROM stress_import_progress WHERE target = ?")) {
        for (String table : tables) {
          ps.setString(1, Identifiers.quote(table));
          ps.executeUpdate();
        }
      }
    }
  }

  @Test
  void importsCollectionsWhoseTableNamesReachTheLimitWithAPrefix() throws Exception {
    Path dump = dumpWithCollections(collectionNames("c_"));
    collectionNames("c_").forEach(collection -> tables.add(TableNaming.fit("c_" + DB + "_" + collection)));
    Output out = cli("import", dump.toString(), "--table-prefix", "c_", "--jobs", "2", "--batch-docs", "100",
        "--drop-existing");
    assertEquals(0, out.code, out.text);
    for (String collection : collectionNames("c_")) {
      assertLoaded(TableNaming.fit("c_" + DB + "_" + collection));
    }
    String shortened = TableNaming.fit("c_" + DB + "_" + tooLong("c_"));
    assertTrue(out.text.contains("shortened to '" + shortened + "'"), out.text);
  }

  @Test
  void importsCollectionsWhoseTableNamesReachTheLimitWithoutAPrefix() throws Exception {
    Path dump = dumpWithCollections(collectionNames(""));
    collectionNames("").forEach(collection -> tables.add(TableNaming.fit(DB + "_" + collection)));
    Output out = cli("import", dump.toString(), "--jobs", "1", "--batch-docs", "100", "--drop-existing");
    assertEquals(0, out.code, out.text);
    for (String collection : collectionNames("")) {
      assertLoaded(TableNaming.fit(DB + "_" + collection));
    }
  }

  @Test
  void initCreatesAndFillsATableWithTheLongestName() throws Exception {
    String name = "init_" + "n".repeat(TableNaming.MAX_TABLE_BYTES - 5);
    tables.add(name);
    Output out = cli("init", "--table", name, "--docs", String.valueOf(DOCS), "--drop-existing");
    assertEquals(0, out.code, out.text);
    assertDistributed(name);
    assertEquals(DOCS, count(name));
    // find_insert writes into the copy table: its hashed shard names take rows too
    Output run = cli("run", "--table", name, "--op", "find_insert", "--threads", "2", "--duration", "2s",
        "--warmup", "0s");
    assertEquals(0, run.code, run.text);
    assertTrue(count(name + "_copy") > 0, "find_insert wrote into " + name + "_copy");
  }

  /**
   * The advice for a missing copy table works on Citus too: {@code init --reuse} creates it distributed, colocated
   * with the table (in sequential mode, as the name is the longest), and leaves the documents alone.
   */
  @Test
  void initReuseCreatesAMissingCopyTableColocatedOnCitus() throws Exception {
    String name = "reuse_" + "r".repeat(TableNaming.MAX_TABLE_BYTES - 6);
    tables.add(name);
    assertEquals(0, cli("init", "--table", name, "--docs", String.valueOf(DOCS), "--drop-existing").code);
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute("DROP TABLE " + Identifiers.quote(name + "_copy"));
    }
    Output refused = cli("run", "--table", name, "--op", "find_insert", "--threads", "2", "--duration", "1s",
        "--warmup", "0s");
    assertEquals(1, refused.code, refused.text);
    assertTrue(refused.text.contains("stress init --table " + name + " --reuse"), refused.text);
    Output reuse = cli("init", "--table", name, "--reuse");
    assertEquals(0, reuse.code, reuse.text);
    assertDistributed(name);
    assertEquals(DOCS, count(name), "the documents are left as they were");
    assertEquals(0, count(name + "_copy"));
    Output run = cli("run", "--table", name, "--op", "find_insert", "--threads", "2", "--duration", "1s",
        "--warmup", "0s");
    assertEquals(0, run.code, run.text);
  }

  /**
   * Without the sequential setting up front, the longest name deadlocks as it did before (Citus issue 4739); the
   * one retry in sequential mode must then create both tables and say so.
   */
  @Test
  void aDeadlockWhileCreatingIsRetriedOnceInSequentialMode() throws Exception {
    String name = "retry_" + "r".repeat(TableNaming.MAX_TABLE_BYTES - 6);
    tables.add(name);
    CitusDialect citus = new CitusDialect();
    Dialect parallelFirst = new Dialect() {
      @Override
      public List<String> createDocumentTables(DocumentTable table) {
        return citus.createDocumentTables(table);
      }

      @Override
      public List<String> createCopyTable(DocumentTable table) {
        return citus.createCopyTable(table);
      }

      @Override
      public List<String> deadlockRetrySettings() {
        return citus.deadlockRetrySettings();
      }
    };
    PreparedTable prepared;
    try (Connection c = DriverManager.getConnection(url)) {
      prepared = TableSetup.prepare(c, parallelFirst, new DocumentTable(null, name, IdType.TEXT),
          ExistingTablePolicy.DROP_EXISTING);
    }
    assertNotNull(prepared.note(), "the first attempt, in parallel, deadlocks");
    assertTrue(prepared.note().contains("deadlock") && prepared.note().contains("sequential"), prepared.note());
    assertDistributed(name);
  }

  /** Collection names giving table names of 50 to 58 bytes (one of them with two-byte characters) and one over. */
  private static List<String> collectionNames(String prefix) {
    int fixed = (prefix + DB + "_").length();
    List<String> names = new ArrayList<>();
    for (int bytes = 50; bytes <= TableNaming.MAX_TABLE_BYTES; bytes += 2) {
      names.add("k".repeat(bytes - fixed));
    }
    int room = TableNaming.MAX_TABLE_BYTES - fixed;
    names.add("é".repeat(room / 2) + "z".repeat(room % 2));
    names.add(tooLong(prefix));
    return names;
  }

  private static String tooLong(String prefix) {
    return "long_" + "x".repeat(TableNaming.MAX_TABLE_BYTES - (prefix + DB + "_").length());
  }

  /** One generated collection, its .bson copied under each name (no metadata, as a hand-made dump would be). */
  private Path dumpWithCollections(List<String> collections) throws Exception {
    Path generated = dir.resolve("generated");
    Output out = cliWithoutUrl("generate", "--docs", String.valueOf(DOCS), "--db", DB, "--collection", "x",
        "--out", generated.toString());
    assertEquals(0, out.code, out.text);
    Path dump = dir.resolve("dump");
    Files.createDirectories(dump.resolve(DB));
    for (String collection : collections) {
      assertTrue(collection.getBytes(StandardCharsets.UTF_8).length + ".bson".length() <= 255, collection);
      Files.copy(generated.resolve(DB).resolve("x.bson"), dump.resolve(DB).resolve(collection + ".bson"));
    }
    return dump;
  }

  private void assertLoaded(String table) throws Exception {
    assertDistributed(table);
    assertEquals(DOCS, count(table), table);
  }

  private void assertDistributed(String table) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
         PreparedStatement ps = c.prepareStatement("SELECT count(*), count(DISTINCT colocationid)"
             + " FROM pg_dist_partition WHERE logicalrelid IN (to_regclass(?), to_regclass(?)) AND partkey IS NOT NULL")) {
      ps.setString(1, Identifiers.quote(table));
      ps.setString(2, Identifiers.quote(table + "_copy"));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        assertEquals(2, rs.getLong(1), table + " and its copy table hash-distributed");
        assertEquals(1, rs.getLong(2), table + " and its copy table colocated");
      }
    }
  }

  private long count(String table) throws Exception {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM " + Identifiers.quote(table))) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private record Output(int code, String text) {}

  private Output cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return cliWithoutUrl(all.toArray(String[]::new));
  }

  private static Output cliWithoutUrl(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    int code = new stress.cli.Cli(print, print).execute(args);
    String text = bytes.toString(StandardCharsets.UTF_8);
    System.out.print(text);
    return new Output(code, text);
  }
}
