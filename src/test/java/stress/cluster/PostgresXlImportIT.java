package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stress import} on a real Postgres-XL coordinator (STRESS_XL_URL): a generated dump loaded into a
 * DISTRIBUTE BY HASH table, then loaded again over it with each {@code --on-duplicate} policy while a CHECK
 * constraint refuses one document. XL may report the duplicates as "Copy failed on a data node" and has no
 * SAVEPOINT, so this goes through the row-by-row path as XL allows it.
 */
class PostgresXlImportIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TABLE = "stress_it_xl_import";
  private static final int DOCUMENTS = 2000;
  /** The document (by _id) the CHECK constraint refuses. */
  private static final int REFUSED = 537;
  private String url;

  @TempDir
  Path dir;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.postgresXl();
  }

  private int cli(String... args) {
    List<String> all = new ArrayList<>(List.of("--url", url));
    all.addAll(List.of(args));
    return new stress.cli.Cli(System.out, System.err).execute(all.toArray(String[]::new));
  }

  private int importDump(Path dump, Path rejects, String... more) {
    List<String> args = new ArrayList<>(List.of("import", dump.toString(), "--table", TABLE, "--batch-docs", "500",
        "--rejects", rejects.toString()));
    args.addAll(List.of(more));
    return cli(args.toArray(String[]::new));
  }

  @Test
  void duplicatesAndARefusedRowAreSettledOnADistributedTable() throws Exception {
    Path dump = dir.resolve("dump");
    assertEquals(0, new stress.cli.Cli(System.out, System.err).execute("generate", "--docs", String.valueOf(DOCUMENTS),
        "--shape", "small", "--out", dump.toString()));
    Path bson = dump.resolve("stress/check_in.bson");
    try {
      assertEquals(0, importDump(bson, dir.resolve("first.jsonl"), "--drop-existing"));
      assertEquals(DOCUMENTS, count("SELECT count(*) FROM " + TABLE));
      execute("ALTER TABLE " + TABLE + " ADD CONSTRAINT not_" + REFUSED + " CHECK (_id <> " + REFUSED
          + " OR data ? 'never') NOT VALID");

      // every document is already there: skipped as duplicates, except the refused one (the server checks the
      // constraint before it looks for a conflict), which is rejected
      Path skipped = dir.resolve("skip.jsonl");
      assertEquals(3, importDump(bson, skipped, "--reuse", "--on-duplicate", "skip"));
      List<JsonNode> skips = lines(skipped);
      assertEquals(DOCUMENTS, skips.size());
      assertEquals(DOCUMENTS - 1, skips.stream().filter(r -> r.get("action").asText().equals("skipped")).count());
      assertTrue(skips.stream().anyMatch(r -> r.get("action").asText().equals("rejected")
          && r.get("reason").asText().contains("not_" + REFUSED)), "the refused document is rejected");
      assertEquals(DOCUMENTS, count("SELECT count(*) FROM " + TABLE));

      // replaced: all but the refused one, which is rejected with the server's message
      execute("UPDATE " + TABLE + " SET data = '{}' WHERE _id <> " + REFUSED);
      Path updated = dir.resolve("update.jsonl");
      assertEquals(3, importDump(bson, updated, "--reuse", "--on-duplicate", "update"));
      List<JsonNode> rejects = lines(updated);
      assertEquals(1, rejects.size(), rejects.toString());
      assertEquals(REFUSED - 1, rejects.get(0).get("index").asInt(), "documents are numbered from 0, keys from 1");
      assertTrue(rejects.get(0).get("reason").asText().contains("not_" + REFUSED), rejects.toString());
      assertEquals(DOCUMENTS - 1, count("SELECT count(*) FROM " + TABLE + " WHERE data <> '{}' AND _id <> " + REFUSED),
          "every other row replaced by its document");
      assertEquals(DOCUMENTS, count("SELECT count(*) FROM " + TABLE));
    } finally {
      execute("DROP TABLE IF EXISTS " + TABLE + ", " + TABLE + "_copy");
    }
  }

  private List<JsonNode> lines(Path file) throws Exception {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      nodes.add(JSON.readTree(line));
    }
    return nodes;
  }

  private long count(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private void execute(String sql) throws Exception {
    try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
