package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * A workload-file parameter whose values the server does not take where the SQL uses them is refused before the
 * run, in one line naming the file, line, operation, parameter, its generator and the SQL type; what the server
 * takes runs. Before, {@code {int: [1, 10]}} compared with {@code data ->> 'u'} (text) ran with every execution
 * failing (SQLState 42883).
 */
class WorkloadParameterTypesTest {
  private static String url;

  @TempDir
  Path dir;

  @BeforeAll
  static void init() {
    url = TestDatabase.newDatabaseUrl("param_types");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "500");
    assertEquals(0, r.exitCode(), r.all());
  }

  private Path file(String yaml) throws IOException {
    Path w = dir.resolve("types.yaml");
    Files.writeString(w, yaml);
    return w;
  }

  private static CliTester.Result run(String database, Path workload, String... args) {
    List<String> all = new ArrayList<>(List.of("--url", database, "-U", "postgres", "run", "--warmup", "0",
        "--workload", workload.toString()));
    all.addAll(List.of(args));
    return CliTester.run(all.toArray(String[]::new));
  }

  @ParameterizedTest
  @ValueSource(strings = {"prepared", "plain"})
  void anIntComparedWithTextIsRefusedBeforeTheRun(String mode) throws IOException {
    Path w = file("""
        operations:
          by_u:
            sql: SELECT _id FROM {table} WHERE data ->> 'u' = :u
            params:
              u: {int: [1, 10]}
        """);
    CliTester.Result r = run(url, w, "--mode", mode, "--ops", "10");
    assertEquals(2, r.exitCode(), r.all());
    String error = r.err().strip();
    assertEquals(1, error.lines().count(), error);
    assertTrue(error.contains("types.yaml:3: operation 'by_u': parameter :u ({int: [1, 10]}, line 5) is bound as"
        + " integer but the server takes it as text there (operator does not exist: text = integer, SQLState 42883)"
        + "; declare a generator of that type or cast it in the SQL, e.g. CAST(:u AS text)"), error);
    assertFalse(r.out().contains("phase 1/1"), "refused before the run\n" + r.out());
  }

  /** What the server takes runs without a failed execution, each generator where its type fits. */
  @Test
  void generatorsTheServerTakesRun() throws IOException {
    Path w = file("""
        operations:
          typed:
            sql: >-
              SELECT _id FROM {table} WHERE _id = :id AND _id < :n AND _id > :big AND _id::numeric < :d
              AND data ->> 'u' <> :s AND :t < now() AND CAST(:n AS text) <> ''
            params:
              id: key
              n: {int: [1000, 2000]}
              big: {long: [-5, 0]}
              d: {double: [1000, 2000]}
              s: {choice: [x, y]}
              t: {date: ['2024-01-01T00:00:00Z', '2024-12-31T00:00:00Z']}
          insert_text:
            sql: UPDATE {table} SET data = jsonb_set(data, '{n}', to_jsonb(CAST(:n AS int))) WHERE _id = :id
            params:
              id: key
              n: {choice: [1, 2]}
        """);
    for (String mode : List.of("prepared", "plain")) {
      Path json = dir.resolve(mode + ".json");
      CliTester.Result r = run(url, w, "--mode", mode, "--ops", "40", "--threads", "1", "--json", json.toString());
      assertEquals(0, r.exitCode(), r.all());
      JsonNode total = new ObjectMapper().readTree(Files.readString(json)).get("phases").get(0).get("stats")
          .get("total");
      assertEquals(0, total.get("errorCount").asLong(), mode + ": " + r.out());
      assertEquals(40, total.get("count").asLong());
    }
  }

  /**
   * Strings of digits for an integer column: written as literals (plain) the server reads them as integers; bound
   * (prepared) they are varchar, which no integer operator takes.
   */
  @Test
  void stringsForAnIntegerColumnRunAsLiteralsButNotBound() throws IOException {
    Path w = file("""
        operations:
          by_text_id:
            sql: SELECT _id FROM {table} WHERE _id = :id
            params:
              id: {choice: ['1', '2', '3']}
        """);
    assertEquals(0, run(url, w, "--mode", "plain", "--ops", "10").exitCode());
    CliTester.Result prepared = run(url, w, "--mode", "prepared,plain", "--ops", "10");
    assertEquals(2, prepared.exitCode(), prepared.all());
    assertTrue(prepared.err().contains("operation 'by_text_id': parameter :id ({choice: ['1', '2', '3']}, line 5)"
        + " is bound as varchar but the server takes it as int4 there (operator does not exist: integer = character"
        + " varying"), prepared.err());
  }

  /** Keys are bound as the table's _id type, whatever it is: never refused. */
  @ParameterizedTest
  @ValueSource(strings = {"TEXT", "BIGINT", "UUID"})
  void keysRunOnAnIdOfAnyType(String idType) throws IOException, SQLException {
    IdType type = IdType.valueOf(idType);
    DocumentTable table = new DocumentTable(null, "keyed", type);
    String database = type == IdType.UUID ? uuidTable(table) : TestDatabase.newDatabaseWithDocuments("keys", table, 50);
    Path w = file("""
        operations:
          by_key:
            sql: SELECT _id FROM {table} WHERE _id = :id
            params:
              id: key
        """);
    CliTester.Result r = run(database, w, "--table", "keyed", "--ops", "20", "--threads", "1");
    assertEquals(0, r.exitCode(), r.all());
  }

  private static String uuidTable(DocumentTable table) throws SQLException {
    String database = TestDatabase.newDatabaseUrl("uuid_keys");
    try (java.sql.Connection c = TestDatabase.connect(database); java.sql.Statement s = c.createStatement()) {
      for (String ddl : new stress.server.dialect.PostgresDialect().createDocumentTables(table)) {
        s.execute(ddl);
      }
      s.execute("INSERT INTO keyed SELECT md5(i::text)::uuid, jsonb_build_object('i', i) FROM generate_series(1, 50) i");
    }
    return database;
  }
}
