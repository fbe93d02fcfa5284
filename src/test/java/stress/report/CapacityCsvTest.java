package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.report.capacity.CapacitiesComparedTest;
import stress.report.capacity.CapacitySearchResult;
import stress.report.files.CsvReport;
import stress.report.files.ResultFiles;

/** capacity.csv: one row per step of a capacity search, or of each combination compared, from real result.json files. */
class CapacityCsvTest {
  @TempDir
  Path dir;

  private static Path fixture() throws Exception {
    return Path.of(CapacityCsvTest.class.getResource("/stress/report/capacity-result.json").toURI());
  }

  @Test
  void oneRowPerStepAsResultJsonHoldsIt() throws Exception {
    RunResult result = JsonReport.read(fixture());
    JsonNode steps = new ObjectMapper().readTree(fixture().toFile()).get("settings").get("capacity").get("steps");
    List<List<String>> csv = StrictCsv.parse(CsvReport.capacity(CapacitySearchResult.of(result)));
    assertEquals(List.of("step", "round", "offered_ops_per_s", "achieved_ops_per_s", "lat_p50_ms", "lat_p99_ms",
        "lat_p999_ms", "error_share", "held", "broken"), csv.get(0));
    assertEquals(steps.size() + 1, csv.size());
    for (int i = 0; i < steps.size(); i++) {
      JsonNode step = steps.get(i);
      List<String> row = csv.get(i + 1);
      assertEquals(Integer.toString(i + 1), row.get(0));
      assertEquals(step.get("round").asText(), row.get(1));
      assertEquals(step.get("offered ops/s").asDouble(), Double.parseDouble(row.get(2)), 0.00051);
      assertEquals(step.get("achieved ops/s").asDouble(), Double.parseDouble(row.get(3)), 0.00051);
      assertEquals(step.get("p50 ms").asDouble(), Double.parseDouble(row.get(4)), 1e-6);
      assertEquals(step.get("p99 ms").asDouble(), Double.parseDouble(row.get(5)), 1e-6);
      assertEquals(step.get("p99.9 ms").asDouble(), Double.parseDouble(row.get(6)), 1e-6);
      assertEquals("0", row.get(7));
      assertEquals(step.get("held").asBoolean() ? "yes" : "no", row.get(8));
      List<String> broken = new ArrayList<>();
      step.get("broken").forEach(b -> broken.add(b.asText()));
      assertEquals(String.join("; ", broken), row.get(9));
    }
  }

  @Test
  void aFigureNotMeasuredIsAnEmptyCell() {
    Map<String, Object> step = new LinkedHashMap<>();
    step.put("round", 1);
    step.put("offered ops/s", 100.0);
    step.put("achieved ops/s", 0.0);
    step.put("p50 ms", "NaN"); // as Jackson writes a NaN
    step.put("p99 ms", Double.NaN);
    step.put("p99.9 ms", null);
    step.put("error share", 1.0);
    step.put("held", false);
    step.put("broken", List.of("errors 100% > 0.1%", "achieved 0 of 100 ops/s offered (under 99%)"));
    Map<String, Object> search = new LinkedHashMap<>();
    search.put("objectives", List.of("errors<=0.1%"));
    search.put("steps", List.of(step));
    RunResult result = new RunResult("test", Instant.EPOCH, Map.of("capacity", search), Map.of(), List.of(), false);
    assertEquals(List.of("1", "1", "100", "0", "", "", "", "1", "no",
        "errors 100% > 0.1%; achieved 0 of 100 ops/s offered (under 99%)"),
        StrictCsv.parse(CsvReport.capacity(CapacitySearchResult.of(result))).get(1));
  }

  @Test
  void theResultFilesOfASearchHoldCapacityCsv() throws Exception {
    RunResult read = JsonReport.read(fixture());
    // its steps' phases left out: read back from JSON they have no interval histograms to log
    RunResult result = new RunResult(read.toolVersion(), read.startTime(), read.settings(), read.target(), List.of(),
        false);
    List<Path> files = ResultFiles.write(dir, result, List.of());
    assertTrue(files.contains(dir.resolve(ResultFiles.CAPACITY_CSV)), files.toString());
    assertEquals(CsvReport.capacity(CapacitySearchResult.of(result)),
        Files.readString(dir.resolve(ResultFiles.CAPACITY_CSV)));
  }

  @Test
  void comparedCapacitiesHaveARowPerStepOfEachCombinationAfterItsName() throws Exception {
    Path compared = CapacitiesComparedTest.fixture();
    RunResult result = JsonReport.read(compared);
    List<List<String>> csv = StrictCsv.parse(CsvReport.capacity(CapacitySearchResult.searches(result)));
    List<String> header = new ArrayList<>(List.of("combination"));
    header.addAll(CsvReport.CAPACITY_COLUMNS);
    assertEquals(header, csv.get(0));
    List<List<String>> expected = new ArrayList<>();
    for (JsonNode search : new ObjectMapper().readTree(compared.toFile()).get("settings").get("capacity")
        .get("compared")) {
      int number = 0;
      for (JsonNode step : search.get("steps")) {
        number++;
        expected.add(List.of(search.get("combination").asText(), Integer.toString(number),
            step.get("round").asText(), step.get("held").asBoolean() ? "yes" : "no"));
      }
    }
    assertEquals(36, expected.size(), "18 steps of each mode");
    assertEquals(expected, csv.subList(1, csv.size()).stream()
        .map(row -> List.of(row.get(0), row.get(1), row.get(2), row.get(9))).toList());
    // the cells after the name are the single search's cells
    CapacitySearchResult plain = CapacitySearchResult.searches(result).get("mode=plain");
    List<String> firstOfPlain = StrictCsv.parse(CsvReport.capacity(plain)).get(1);
    assertEquals(firstOfPlain, csv.get(19).subList(1, csv.get(19).size()));
    assertEquals("mode=plain", csv.get(19).get(0));
  }

  @Test
  void theResultFilesOfComparedCapacitiesHoldCapacityCsv() throws Exception {
    RunResult read = JsonReport.read(CapacitiesComparedTest.fixture());
    RunResult result = new RunResult(read.toolVersion(), read.startTime(), read.settings(), read.target(), List.of(),
        false);
    ResultFiles.write(dir, result, List.of());
    assertEquals(CsvReport.capacity(CapacitySearchResult.searches(result)),
        Files.readString(dir.resolve(ResultFiles.CAPACITY_CSV)));
    assertTrue(Files.readString(dir.resolve(ResultFiles.CAPACITY_CSV)).startsWith("combination,step,"));
  }
}
