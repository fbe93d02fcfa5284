package stress.load.importer;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.load.importer.progress.ImportProgress;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.PostgresDialect;
import stress.testing.BsonFiles;
import stress.testing.TestDatabase;

/** Runs imports against a test database and reads what they left there. */
final class Imports {
  private Imports() {}

  /** Imports into the database at {@code url} (plain PostgreSQL DDL), recording what the listener hears. */
  static ImportResult run(String url, ImportRequest request, Recorder recorder) throws IOException, SQLException {
    return new DumpImporter(() -> TestDatabase.connect(url), new PostgresDialect()).run(request, recorder);
  }

  static ImportResult run(String url, ImportRequest request) throws IOException, SQLException {
    return run(url, request, new Recorder());
  }

  /** Writes {@code dir}/dump/shop/items.bson with {@code count} documents {"_id": 0} and up; returns the dump's root. */
  static Path numberedItems(Path dir, int count) throws IOException {
    List<String> documents = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      documents.add("{\"_id\": " + i + "}");
    }
    BsonFiles.write(dir.resolve("dump/shop/items.bson"), documents);
    return dir.resolve("dump");
  }

  static long count(String url, String sql, Object... parameters) throws SQLException {
    return TestDatabase.count(url, sql, parameters);
  }

  /** The lines of a rejects file, parsed; none when the file was not written. */
  static List<com.fasterxml.jackson.databind.JsonNode> rejects(Path file) throws IOException {
    List<com.fasterxml.jackson.databind.JsonNode> lines = new ArrayList<>();
    if (java.nio.file.Files.exists(file)) {
      com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
      for (String line : java.nio.file.Files.readAllLines(file)) {
        lines.add(json.readTree(line));
      }
    }
    return lines;
  }

  static String text(String url, String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /** One collection's result by namespace, or an assertion failure listing what there is. */
  static CollectionResult collection(ImportResult result, String namespace) {
    return result.collections().stream().filter(c -> c.namespace().toString().equals(namespace)).findFirst()
        .orElseThrow(() -> new AssertionError("no collection " + namespace + " in " + result.collections()));
  }

  /** Remembers every event, thread-safely. */
  static final class Recorder implements ImportListener {
    final List<Started> started = Collections.synchronizedList(new ArrayList<>());
    final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    final List<ImportProgress> progress = Collections.synchronizedList(new ArrayList<>());
    final List<CollectionResult> done = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void collectionStarted(Started s) {
      started.add(s);
    }

    @Override
    public void problem(String line) {
      problems.add(line);
    }

    @Override
    public void progress(ImportProgress p) {
      progress.add(p);
    }

    @Override
    public void collectionDone(CollectionResult result) {
      done.add(result);
    }
  }
}
