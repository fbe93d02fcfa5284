package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.files.CsvReport;
import stress.report.files.ResultFiles;

class ResultFilesTest {
  @TempDir
  Path dir;

  @Test
  void aNewOrEmptyDirectoryIsAccepted() throws Exception {
    Path fresh = dir.resolve("a/b");
    ResultFiles.prepare(fresh);
    assertTrue(Files.isDirectory(fresh));
    ResultFiles.prepare(fresh); // still empty
  }

  @Test
  void aDirectoryHoldingAnythingOrAFileIsRefused() throws Exception {
    for (String name : List.of("e.txt", "d.txt", "c.txt", "b.txt", "a.txt")) {
      Files.writeString(dir.resolve(name), "x");
    }
    var used = assertThrows(IllegalArgumentException.class, () -> ResultFiles.prepare(dir));
    assertEquals(dir + " is not empty (it holds a.txt, b.txt, c.txt, d.txt, ...); give a new or empty directory",
        used.getMessage());
    var file = assertThrows(IllegalArgumentException.class, () -> ResultFiles.prepare(dir.resolve("a.txt")));
    assertEquals(dir.resolve("a.txt") + " is a file; give a new or empty directory", file.getMessage());
  }

  @Test
  void everyFileOfTheResultIsWritten() throws Exception {
    RunResult result = JsonReportTest.run();
    Instant start = Instant.parse("2025-06-01T10:15:31Z");
    List<Path> files = ResultFiles.write(dir, result, List.of(start, start.plusSeconds(20)));

    assertEquals(List.of("summary.csv", "intervals.csv", "errors.csv", "1-find_first.hlog", "1-find_update.hlog",
        "2-find_first.hlog", "2-find_update.hlog", "result.json"), files.stream().map(f -> f.getFileName().toString()).toList());
    assertEquals(JsonReport.toJson(result), Files.readString(dir.resolve(ResultFiles.RESULT_JSON)));
    assertEquals(CsvReport.summary(result.phases()), Files.readString(dir.resolve(ResultFiles.SUMMARY_CSV)));
    assertTrue(Files.readString(dir.resolve("2-find_update.hlog")).contains("#[BaseTime: 1748772951.000 "));
    var missing = assertThrows(IllegalArgumentException.class, () -> ResultFiles.write(dir, result, List.of(start)));
    assertEquals("need the start time of each of the 2 phases, got 1", missing.getMessage());
  }
}
