package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.testing.TestDatabase;

/**
 * After inserts and deletes the _ids have gaps, and a run reads the keys from the table: its header and result file
 * say whether the operations ask for all of them or a sample, and why.
 */
class KeySampleRunTest {
  @Test
  void aRunOverIdsWithGapsSaysItUsesASampleOfThemAndWhy(@TempDir Path dir) throws Exception {
    // keys 1..1000 with every tenth deleted, as inserts and deletes leave them
    String url = TestDatabase.newDatabaseWithDocuments("keysample", new DocumentTable(null, "check_in", IdType.BIGINT),
        1000);
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement()) {
      s.execute("DELETE FROM check_in WHERE _id % 10 = 0");
    }
    Path json = dir.resolve("sampled.json");
    CliTester.Result sampled = CliTester.run("--url", url, "-U", "postgres", "run", "--ops", "100", "--warmup", "0",
        "--key-sample", "100", "--json", json.toString());
    assertEquals(0, sampled.exitCode(), sampled.all());
    Matcher line = Pattern.compile("\nkeys: uniform over a sample of (\\d+) of 900 _ids \\(the _ids have gaps: 900 of"
        + " them between 1 and 999; only the sampled ones are asked for, --key-sample N keeps more\\)\n")
        .matcher(sampled.out());
    assertTrue(line.find(), sampled.out());
    int size = Integer.parseInt(line.group(1));
    assertTrue(size > 0 && size <= 100, line.group());
    assertEquals(line.group().strip().substring("keys: ".length()),
        new ObjectMapper().readTree(Files.readString(json)).get("settings").get("keys").asText());

    CliTester.Result all = CliTester.run("--url", url, "-U", "postgres", "run", "--ops", "100", "--warmup", "0");
    assertEquals(0, all.exitCode(), all.all());
    assertTrue(all.out().contains("\nkeys: uniform over all 900 _ids, read from the table (the _ids have gaps: 900 of"
        + " them between 1 and 999)\n"), all.out());
  }
}
