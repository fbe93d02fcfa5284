package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.model.UsageException;
import stress.report.CapacitySteps;
import stress.report.Decimals;
import stress.report.JsonReport;
import stress.report.PhaseResult;
import stress.report.RunResult;
import stress.report.capacity.CapacitySearchResult;

/**
 * report.html of a capacity search never reads its steps as combinations compared in a closed loop: no best
 * combination, no ★, no paired verdicts between steps; the Results table gives the capacity and the step that held at
 * it. Real results of {@code run --slo} (see the resources' README).
 */
class CapacityStepsReportTest {
  @Test
  void aSearchHasNoBestStepNoPairedStepsAndItsCapacityInTheResultsTable() throws Exception {
    RunResult result = JsonReport.read(CapacitySectionTest.fixture());
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("capx", result)));
    assertTrue(sections.stream().noneMatch(s -> s.id().equals("rounds")),
        "the search's rounds are not rounds of combinations to pair");
    Section comparison = sections.stream().filter(s -> s.id().equals("comparison")).findFirst().orElseThrow();
    assertEquals(CapacitySteps.NOT_COMPARED, comparison.note());
    assertEquals(List.of(), comparison.charts(), "no bar per step, no ★ on the highest rate offered");

    // two rounds: the median lies between their answers, so no step ran at the capacity
    JsonNode json = new ObjectMapper().readTree(CapacitySectionTest.fixture().toFile()).get("settings").get("capacity");
    double capacity = json.get("capacity ops/s").asDouble();
    json.get("steps").forEach(step -> assertTrue(step.get("offered ops/s").asDouble() != capacity));
    Section results = sections.get(0);
    assertEquals(1, results.tables().size(), "no empty table of a best combination");
    DataTable table = results.tables().get(0);
    assertEquals(List.of("capacity ops/s", "under", "step at the capacity", "achieved ops/s", "p50 ms", "p99 ms",
        "error share"), table.headers());
    assertEquals(List.of(List.of(CapacitySearchResult.of(result).capacityText().replace(" ops/s", ""), "p99<=5ms",
        "-", "-", "-", "-", "-")), table.rows());

    String page = HtmlReport.render(List.of(new NamedResult("capx", result)));
    assertFalse(page.contains("★"), "no step marked best");
    assertFalse(page.contains("best combination"));
  }

  @Test
  void capacitiesComparedGiveARowPerCombinationAndTheirStepsAreNamedByNumber() throws Exception {
    RunResult result = JsonReport.read(CapacitySectionTest.comparedFixture());
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("capx", result)));
    DataTable table = sections.get(0).tables().get(0);
    assertEquals(List.of(List.of("mode=prepared", "41700 [36500-45600]", "p99<=5ms", "step 7 (round 1)", "41700",
            "0.11", "1.1", "0%"), List.of("mode=plain", "12100 [10600-16500]", "p99<=5ms", "step 4 (round 1)", "12100",
            "0.15", "0.43", "0%")), table.rows(),
        "the step at each capacity as the Capacity section's table of steps numbers it");
    Section throughput = sections.stream().filter(s -> s.id().equals("throughput")).findFirst().orElseThrow();
    assertEquals(List.of("step 1 · offered ops/s=15200 search round=1 mode=prepared pool=none threads=4",
        "step 2 · offered ops/s=30300 search round=1 mode=prepared pool=none threads=4",
        "step 1 · offered ops/s=8050 search round=1 mode=plain pool=none threads=4",
        "step 2 · offered ops/s=16100 search round=1 mode=plain pool=none threads=4"),
        throughput.charts().get(0).series().stream().map(Series::label).toList(),
        "numbered per combination, as the Capacity section's table of steps");
    Section comparison = sections.stream().filter(s -> s.id().equals("comparison")).findFirst().orElseThrow();
    assertEquals(List.of(), comparison.charts());
  }

  @Test
  void aRateOfferedASecondTimeIsAStepOfItsOwnNotOneChartOfTwoPhases() throws Exception {
    RunResult search = JsonReport.read(CapacitySectionTest.comparedFixture());
    List<PhaseResult> phases = new ArrayList<>(search.phases());
    phases.add(1, phases.get(0)); // the search offers a broken rate again, with the same label
    RunResult offeredTwice = new RunResult(search.toolVersion(), search.startTime(), search.settings(),
        search.target(), phases);
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("capx", offeredTwice)));
    Section latency = sections.stream().filter(s -> s.id().equals("latency")).findFirst().orElseThrow();
    assertEquals(List.of("Latency: step 1 · offered ops/s=15200 search round=1 mode=prepared pool=none threads=4",
        "Latency: step 2 · offered ops/s=15200 search round=1 mode=prepared pool=none threads=4"),
        latency.charts().stream().limit(2).map(ChartSpec::title).toList());
    assertEquals(4, latency.charts().get(0).series().size(), "p50, p95, p99 and max of one step, not two");
  }

  @Test
  void anOverlayOfASearchAndAClosedLoopRunIsRefused() throws Exception {
    RunResult search = JsonReport.read(CapacitySectionTest.fixture());
    UsageException e = assertThrows(UsageException.class, () -> HtmlReport.render(
        List.of(new NamedResult("before", Runs.comparison()), new NamedResult("after", search))));
    assertTrue(e.getMessage().startsWith("report cannot compare before and after: after is a capacity search"),
        e.getMessage());
  }
}
