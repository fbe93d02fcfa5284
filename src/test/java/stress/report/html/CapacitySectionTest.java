package stress.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.app.capacity.CapacityJson;
import stress.report.JsonReport;
import stress.report.RunResult;
import stress.report.capacity.CapacitySearchResult;

/**
 * The Capacity section of report.html: a real search's result.json (two rounds, rates from 39 to 1000 ops/s) and
 * searches written as the run writes them into the settings.
 */
class CapacitySectionTest {
  /** A real {@code run --slo 'p99<=5ms' --rounds 2 --rate 1000 --slo-resolution 20%}: see the resources' README. */
  static Path fixture() throws URISyntaxException {
    return Path.of(CapacitySectionTest.class.getResource("/stress/report/capacity-result.json").toURI());
  }

  @Test
  void aRealSearchOfTwoRoundsDrawsItsKneeObjectiveCapacityAndInterval() throws Exception {
    RunResult result = JsonReport.read(fixture());
    JsonNode json = new ObjectMapper().readTree(fixture().toFile()).get("settings").get("capacity");
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("capx", result)));
    assertEquals(List.of("results", "capacity"), sections.stream().limit(2).map(Section::id).toList(),
        "the capacity right after the results");
    Section section = sections.get(1);
    double capacity = json.get("capacity ops/s").asDouble();
    double low = json.get("interval").get(0).asDouble();
    double high = json.get("interval").get(1).asDouble();
    assertEquals("capacity under p99<=5ms: " + CapacitySearchResult.rate(capacity) + " ops/s ["
        + CapacitySearchResult.rate(low) + "-" + CapacitySearchResult.rate(high) + "], the median of 2 rounds'"
        + " answers with its interval (50% coverage).", section.headlines().get(0));
    assertEquals(3, section.headlines().size(), "then one sentence per round");
    assertTrue(section.headlines().get(1).startsWith("round 1: capacity under p99<=5ms: "), section.headlines().get(1));

    ChartSpec chart = section.charts().get(0);
    assertEquals("knee-log", chart.kind(), "steps from 39 to 1000 ops/s: more than 10 times");
    Map<String, Series> byLabel = new LinkedHashMap<>();
    chart.series().forEach(s -> byLabel.put(s.label(), s));
    assertEquals(List.of("p50 · round 1", "p50 · round 2", "p99 · round 1", "p99 · round 2", "p99.9 · round 1",
        "p99.9 · round 2", "objective p99<=5ms", "interval " + CapacitySearchResult.rate(low) + "-"
            + CapacitySearchResult.rate(high) + " ops/s", "capacity " + CapacitySearchResult.rate(capacity) + " ops/s"),
        new ArrayList<>(byLabel.keySet()));

    // each step of a round once, in order of rate, the broken ones marked; the values as result.json holds them
    JsonNode steps = json.get("steps");
    Series p99 = byLabel.get("p99 · round 1");
    List<JsonNode> round1 = new ArrayList<>();
    steps.forEach(s -> {
      if (s.get("round").asInt() == 1) {
        round1.add(s);
      }
    });
    round1.sort((a, b) -> Double.compare(a.get("offered ops/s").asDouble(), b.get("offered ops/s").asDouble()));
    assertEquals(round1.size(), p99.points().size());
    List<Integer> broken = new ArrayList<>();
    for (int i = 0; i < round1.size(); i++) {
      assertEquals(round1.get(i).get("offered ops/s").asDouble(), p99.points().get(i).x());
      assertEquals(round1.get(i).get("p99 ms").asDouble(), p99.points().get(i).y());
      if (!round1.get(i).get("held").asBoolean()) {
        broken.add(i);
      }
    }
    assertFalse(broken.isEmpty());
    assertEquals(broken, p99.marked());
    assertEquals("round 1", p99.style());
    assertEquals("round 2", byLabel.get("p99 · round 2").style());

    Series objective = byLabel.get("objective p99<=5ms");
    assertEquals("objective", objective.style());
    assertEquals(List.of(5.0, 5.0), objective.points().stream().map(Point::y).toList());
    assertEquals(List.of(39.0, 1000.0), objective.points().stream().map(p -> (double) Math.round(p.x())).toList(),
        "across every rate offered");
    Series mark = byLabel.get("capacity " + CapacitySearchResult.rate(capacity) + " ops/s");
    assertEquals("capacity", mark.style());
    assertEquals(List.of(capacity, capacity), mark.points().stream().map(Point::x).toList());
    assertTrue(mark.points().get(0).y() < mark.points().get(1).y(), "a line up the chart");
    Series band = chart.series().stream().filter(s -> "band".equals(s.style())).findFirst().orElseThrow();
    assertEquals(List.of(low, high), band.points().stream().map(Point::x).toList());

    // every step in the table, in the order run, with why it broke
    DataTable table = section.tables().get(0);
    assertEquals(List.of("step", "round", "offered ops/s", "achieved ops/s", "p50 ms", "p99 ms", "p99.9 ms", "errors",
        "held or broken"), table.headers());
    assertEquals(steps.size(), table.rows().size());
    for (int i = 0; i < steps.size(); i++) {
      JsonNode step = steps.get(i);
      List<String> row = table.rows().get(i);
      assertEquals(CapacitySearchResult.rate(step.get("offered ops/s").asDouble()), row.get(2));
      assertEquals(step.get("held").asBoolean() ? "held" : "broken: " + step.get("broken").get(0).asText(),
          step.get("held").asBoolean() ? row.get(8) : row.get(8).split("; ")[0]);
    }
  }

  @Test
  void oneRoundWithinTenTimesHasALinearRateAxisNoBandAndALineForEachLatencyObjective() {
    Map<String, Object> capacity = search(List.of("p95<=8ms", "p99<=20ms", "errors<=0.1%"), 0.05,
        List.of(step(1, 2000, 3, 12, true), step(1, 4000, 6, 25, false), step(1, 3000, 4, 15, true),
            step(1, 3500, 5, 30, false)),
        List.of(round(1, 3000, 3500, List.of("p99 30.0 ms > 20.0 ms"), false)), 3000.0, null);
    Section section = section(capacity);
    assertEquals(List.of("capacity under p95<=8ms, p99<=20ms, errors<=0.1%: 3000 ops/s, the highest rate held"
        + " (resolution 5%); 3500 ops/s broke first on p99 30.0 ms > 20.0 ms; 1 round: no noise estimate, --rounds 3"
        + " or more gives an interval."), section.headlines());
    ChartSpec chart = section.charts().get(0);
    assertEquals("knee", chart.kind());
    assertEquals("offered ops/s", chart.xTitle());
    List<String> labels = chart.series().stream().map(Series::label).toList();
    assertEquals(List.of("p50", "p95", "p99", "p99.9", "objective p95<=8ms", "objective p99<=20ms",
        "capacity 3000 ops/s"), labels, "p95 drawn as an objective names it; errors have no line; one round, no band");
    Series p95 = chart.series().get(1);
    assertEquals(List.of(2000.0, 3000.0, 3500.0, 4000.0), p95.points().stream().map(Point::x).toList());
    assertEquals(List.of(2, 3), p95.marked(), "the broken steps");
    assertEquals(List.of("step", "offered ops/s", "achieved ops/s", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "errors",
        "held or broken"), section.tables().get(0).headers(), "one round: no round column");
    assertEquals(List.of("2", "4000", "4000", "0.5", "6.0", "25.0", "37.5", "0%", "broken: p99 25.0 ms > 20.0 ms"),
        section.tables().get(0).rows().get(1));
  }

  @Test
  void aConfirmedCapacityAndARoundThatHeldOnlyOnceReadAsTheSearchSaidThem() {
    Map<String, Object> confirming = step(1, 3000, 4, 15, true);
    confirming.put("confirming offer", 2);
    Map<String, Object> confirmed = round(1, 3000, 3500, List.of("p99 30.0 ms > 20.0 ms"), false);
    confirmed.put("held offers running", 3);
    confirmed.put("knee ops/s", 3000.0);
    Map<String, Object> unsteady = round(2, Double.NaN, 2800, List.of("p99 25.0 ms > 20.0 ms"), false);
    unsteady.put("held offers running", 0);
    unsteady.put("knee ops/s", 3100.0);
    Section section = section(search(List.of("p99<=20ms"), 0.05, List.of(step(1, 3000, 4, 15, true), confirming,
        step(1, 3500, 5, 30, false)), List.of(confirmed, unsteady), 3000.0, null));
    assertTrue(section.headlines().contains("round 1: capacity under p99<=20ms: 3000 ops/s, the highest rate held 3"
        + " offers running (resolution 5%); 3500 ops/s broke first on p99 30.0 ms > 20.0 ms."), section.headlines()
        .toString());
    assertTrue(section.headlines().contains("round 2: capacity under p99<=20ms: none held steadily: 3100 ops/s held"
        + " once, but it and each rate tried below it down to 2800 broke on a later offer, the last on p99 25.0 ms >"
        + " 20.0 ms."), section.headlines().toString());
    List<String> row = section.tables().get(0).rows().get(1);
    assertEquals("held (confirming: offer 2 of 3)", row.get(row.size() - 1));
  }

  @Test
  void aClientThatCouldNotOfferTheRateIsNamedAndAnEmptySearchSaysNone() {
    Map<String, Object> limited = search(List.of("p99<=5ms"), 0.05,
        List.of(step(1, 1000, 1, 2, true), step(1, 2000, 1, 9, false)),
        List.of(round(1, 1000, 2000, List.of("achieved 1500 of 2000 ops/s offered (under 99%)",
            "the client's CPU was the bottleneck: the client's limit, not the server's"), true)), 1000.0, null);
    assertTrue(section(limited).headlines().get(0).startsWith("capacity under p99<=5ms: at least 1000 ops/s: the"
        + " client could not offer 2000 (its CPU the bottleneck)"), section(limited).headlines().toString());

    Map<String, Object> none = search(List.of("p99<=5ms"), 0.05, List.of(step(1, 1000, 1, 9, false)),
        List.of(round(1, Double.NaN, 1000, List.of("p99 9.0 ms > 5.0 ms"), false)), null, null);
    Section section = section(none);
    assertEquals(List.of("capacity under p99<=5ms: none: every rate tried broke an objective, the lowest 1000 ops/s"
        + " (p99 9.0 ms > 5.0 ms)."), section.headlines());
    assertTrue(section.charts().get(0).series().stream().noneMatch(s -> "capacity".equals(s.style())),
        "no capacity to mark");
  }

  @Test
  void aLowerBoundIsARoundsRowNeverAMedianAndTheChecksPointsAreNamed() {
    Map<String, Object> check = step(0, 3000, 4, 15, true);
    check.put("check run", 1);
    Map<String, Object> found = round(1, 3000, 3500, List.of("p99 30.0 ms > 20.0 ms"), false);
    found.put("in words", "3000 ops/s, the highest rate held 3 offers running");
    Map<String, Object> bound = round(2, 3300, 4000, List.of("achieved 3000 of 4000 ops/s offered (under 99%)"), true);
    bound.put("in words", "at least 3300 ops/s, a lower bound");
    Map<String, Object> json = search(List.of("p99<=20ms"), 0.05, List.of(step(1, 3000, 4, 15, true),
        step(1, 3500, 5, 30, false), step(2, 3300, 4, 15, true), check), List.of(found, bound), null, null);
    json.put("answer", "capacity under p99<=20ms: none vouched for: found in 1 of 2 rounds only");
    Section section = section(json);
    assertEquals(List.of("capacity under p99<=20ms: none vouched for: found in 1 of 2 rounds only.",
        "round 1: 3000 ops/s, the highest rate held 3 offers running.", "round 2: at least 3300 ops/s, a lower bound."),
        section.headlines(), "the text's own words, each once");
    ChartSpec chart = section.charts().get(0);
    assertTrue(chart.series().stream().noneMatch(s -> "capacity".equals(s.style()) || "band".equals(s.style())),
        "no capacity line nor interval from a lower bound");
    assertTrue(chart.series().stream().anyMatch(s -> s.label().equals("p99 · check")), "the check's points named");
    List<List<String>> answers = chart.table().rows();
    assertEquals("at least 3300 (a lower bound)", answers.get(1).get(1));
    assertEquals("-", answers.get(2).get(1), "the median of the rounds: none");
  }

  /**
   * The knee of one search drawn by round: a series per round and figure, each round (and the check's runs) in a colour
   * of its own and each figure in a dash of its own, and the chart's own legend naming each round, the check and each
   * figure, an entry standing for exactly the series it names.
   */
  @Test
  void eachRoundAndTheCheckHaveAColourOfTheirOwnNamedInTheLegend() throws Exception {
    Map<String, Object> check = step(0, 3200, 4, 14, true);
    check.put("check run", 1);
    Map<String, Object> json = search(List.of("p99<=20ms"), 0.05, List.of(step(1, 3000, 4, 15, true),
        step(1, 3500, 5, 30, false), step(2, 3300, 4, 15, true), step(3, 3200, 4, 14, true), check),
        List.of(round(1, 3000, 3500, List.of("p99 30.0 ms > 20.0 ms"), false),
            round(2, 3300, 3600, List.of("p99 30.0 ms > 20.0 ms"), false),
            round(3, 3200, 3400, List.of("p99 30.0 ms > 20.0 ms"), false)), 3200.0, List.of(3000.0, 3300.0));
    ChartSpec chart = section(json).charts().get(0);
    List<String> groups = List.of("round 1", "round 2", "round 3", "check");
    Map<String, List<Integer>> seriesOf = new LinkedHashMap<>();
    Map<String, java.util.Set<String>> coloursOf = new LinkedHashMap<>();
    for (int i = 0; i < chart.series().size(); i++) {
      Series series = chart.series().get(i);
      if (groups.contains(series.style())) {
        seriesOf.computeIfAbsent(series.style(), k -> new ArrayList<>()).add(i);
        coloursOf.computeIfAbsent(series.style(), k -> new java.util.HashSet<>()).add(series.look().color());
      }
    }
    assertEquals(groups, new ArrayList<>(seriesOf.keySet()));
    seriesOf.values().forEach(indexes -> assertEquals(4, indexes.size(), "a series per figure: p50, p95, p99, p99.9"));
    coloursOf.forEach((group, colours) -> assertEquals(1, colours.size(), group + " in one colour: " + colours));
    assertEquals(4, coloursOf.values().stream().flatMap(java.util.Set::stream).distinct().count(),
        "each round and the check in a colour of its own: " + coloursOf);
    List<Series> p99 = chart.series().stream().filter(s -> s.label().startsWith("p99 · ")).toList();
    List<Series> p50 = chart.series().stream().filter(s -> s.label().startsWith("p50 · ")).toList();
    assertEquals(4, p99.size());
    assertEquals(1, p99.stream().map(s -> s.look().dash()).distinct().count(), "one figure, one dash");
    assertFalse(p50.get(0).look().dash().equals(p99.get(0).look().dash()), "the figures told apart by their dash");

    assertEquals(List.of("round 1", "round 2", "round 3", "check", "p50", "p95", "p99", "p99.9",
        "hollow: a step that broke", "objective p99<=20ms", "interval 3000-3300 ops/s", "capacity 3200 ops/s"),
        chart.legend().stream().map(LegendEntry::text).toList());
    for (LegendEntry entry : chart.legend().subList(0, 4)) {
      assertEquals(seriesOf.get(entry.text()), entry.series(), entry.text() + " stands for its round's series");
      assertEquals(coloursOf.get(entry.text()), java.util.Set.of(entry.color()), entry.text() + " in its colour");
      assertEquals("point", entry.symbol());
    }
    LegendEntry p99Entry = chart.legend().get(6);
    assertEquals(p99.stream().map(chart.series()::indexOf).toList(), p99Entry.series());
    assertEquals(p99.get(0).look().dash(), p99Entry.dash());

    // the page carries the legend and the looks to its script, which draws the legend from them
    String page = HtmlReport.render(List.of(new NamedResult("run", new RunResult("test",
        Instant.parse("2026-01-02T03:04:05Z"), Map.of("rate", "searched (--slo)", "capacity", json),
        Map.of("kind", "postgres"), List.of(), false))));
    JsonNode spec = new ObjectMapper().readTree(page.substring(page.indexOf('>', page.indexOf("id=\"report-data\""))
        + 1, page.indexOf("</script>", page.indexOf("id=\"report-data\"")))).get("charts").get(0);
    assertEquals("round 3", spec.get("legend").get(2).get("text").asText());
    assertEquals(coloursOf.get("round 3").iterator().next(), spec.get("legend").get(2).get("color").asText());
    assertEquals(coloursOf.get("round 2").iterator().next(), spec.get("series").get(seriesOf.get("round 2").get(0))
        .get("look").get("color").asText());
    assertTrue(page.contains("generateLabels") && page.contains("spec.legend.map("), "the script draws that legend");
  }

  /** Other charts keep a legend entry per series: no legend of their own, no look. */
  @Test
  void otherChartsKeepTheirLegendPerSeries() throws Exception {
    String page = HtmlReport.render(List.of(new NamedResult("run", Runs.single())));
    assertFalse(page.contains("\"legend\":") || page.contains("\"look\":"), "no legend nor look in other charts");
  }

  @Test
  void aRunWithoutASearchHasNoSection() {
    assertNull(CapacitySection.of(List.of(new NamedResult("run", Runs.single())), () -> "chart-0"));
    assertTrue(ReportModel.sections(List.of(new NamedResult("run", Runs.single()))).stream()
        .noneMatch(s -> s.id().equals(CapacitySection.ID)));
  }

  @Test
  void thePageCarriesTheSectionAndTheStylesOfItsSeries() throws Exception {
    String page = HtmlReport.render(List.of(new NamedResult("capx", JsonReport.read(fixture()))));
    assertTrue(page.contains("<a href=\"#capacity\">Capacity</a>"), "in the page's contents");
    assertTrue(page.contains("<section id=\"capacity\">"));
    assertTrue(page.contains("\"style\":\"objective\"") && page.contains("\"style\":\"capacity\"")
        && page.contains("\"style\":\"band\"") && page.contains("\"kind\":\"knee-log\""));
    assertFalse(page.contains("\"style\":null"), "other charts' series carry no style");
  }

  /** A real {@code run --slo 'p99<=5ms' --mode prepared,plain --rounds 3}: see the resources' README. */
  static Path comparedFixture() throws URISyntaxException {
    return Path.of(CapacitySectionTest.class.getResource("/stress/report/capacity-compared-result.json").toURI());
  }

  @Test
  void aRealComparisonDrawsEachCombinationsKneeInOneChartWithItsCapacityAndTheComparison() throws Exception {
    RunResult result = JsonReport.read(comparedFixture());
    JsonNode json = new ObjectMapper().readTree(comparedFixture().toFile()).get("settings").get("capacity");
    List<Section> sections = ReportModel.sections(List.of(new NamedResult("capx", result)));
    assertEquals(List.of("results", "capacity"), sections.stream().limit(2).map(Section::id).toList());
    String answer = "capacity under p99<=5ms: mode=prepared 41700 ops/s [36500-45600]; mode=plain x0.29 [0.29-0.36]"
        + " of it: holds less";
    // the headline is the comparison's answer, never the ops/s of a step (a rate offered, not a throughput)
    assertEquals(answer + " (each phase below is one step of a search: see Capacity).",
        sections.get(0).headlines().get(0));
    assertTrue(sections.get(0).headlines().stream().noneMatch(h -> h.startsWith("best ")),
        sections.get(0).headlines().toString());
    Section section = sections.get(1);
    assertEquals(answer + ".", section.headlines().get(0));
    assertTrue(section.headlines().contains("mode=plain: capacity under p99<=5ms: 12100 ops/s [10600-16500], the"
        + " median of 3 rounds' answers with its interval (75% coverage)."), section.headlines().toString());

    assertEquals(1, section.charts().size(), "one chart for every combination");
    ChartSpec chart = section.charts().get(0);
    assertEquals("knee-log", chart.kind(), "6030 to 60700 ops/s: more than 10 times");
    Map<String, Series> byLabel = new LinkedHashMap<>();
    chart.series().forEach(s -> byLabel.put(s.label(), s));
    assertEquals(List.of("mode=prepared p99 · round 1", "mode=prepared p99 · round 2", "mode=prepared p99 · round 3",
        "mode=plain p99 · round 1", "mode=plain p99 · round 2", "mode=plain p99 · round 3", "objective p99<=5ms",
        "mode=prepared interval 36500-45600 ops/s", "mode=prepared capacity 41700 ops/s",
        "mode=plain interval 10600-16500 ops/s", "mode=plain capacity 12100 ops/s"), new ArrayList<>(byLabel.keySet()));
    // each combination in its own colour, its capacity marked in it
    assertEquals("mode=prepared", byLabel.get("mode=prepared p99 · round 2").colorKey());
    assertEquals("mode=prepared", byLabel.get("mode=prepared capacity 41700 ops/s").colorKey());
    assertEquals("mode=plain", byLabel.get("mode=plain p99 · round 1").colorKey());
    assertEquals("capacity", byLabel.get("mode=plain capacity 12100 ops/s").style());
    assertEquals("band", byLabel.get("mode=plain interval 10600-16500 ops/s").style());
    assertEquals("round 3", byLabel.get("mode=plain p99 · round 3").style());
    JsonNode plain = json.get("compared").get(1);
    List<JsonNode> round3 = new ArrayList<>();
    plain.get("steps").forEach(s -> {
      if (s.get("round").asInt() == 3) {
        round3.add(s);
      }
    });
    round3.sort((a, b) -> Double.compare(a.get("offered ops/s").asDouble(), b.get("offered ops/s").asDouble()));
    Series p99 = byLabel.get("mode=plain p99 · round 3");
    assertEquals(round3.stream().map(s -> new Point(s.get("offered ops/s").asDouble(), s.get("p99 ms").asDouble()))
        .toList(), p99.points());
    List<Integer> broken = new ArrayList<>();
    for (int i = 0; i < round3.size(); i++) {
      if (!round3.get(i).get("held").asBoolean()) {
        broken.add(i);
      }
    }
    assertEquals(broken, p99.marked());
    Series objective = byLabel.get("objective p99<=5ms");
    double lowest = json.get("compared").findValues("offered ops/s").stream().mapToDouble(JsonNode::asDouble).min()
        .orElseThrow();
    assertEquals(lowest, objective.points().get(0).x(), "across every rate of every combination");
    assertEquals(8, chart.table().rows().size(), "each combination's three rounds and their median");

    DataTable comparison = section.tables().get(0);
    assertEquals(List.of("combination", "capacity ops/s", "vs mode=prepared", "verdict", "left out of the pairs"),
        comparison.headers());
    assertEquals(List.of(List.of("mode=prepared", "41700 [36500-45600]", "baseline", "", ""),
        List.of("mode=plain", "12100 [10600-16500]", "x0.29 [0.29-0.36], 75% coverage", "holds less", "")),
        comparison.rows());
    DataTable steps = section.tables().get(1);
    assertEquals(List.of("combination", "step", "round", "offered ops/s", "achieved ops/s", "p50 ms", "p99 ms",
        "p99.9 ms", "errors", "held or broken"), steps.headers());
    assertEquals(36, steps.rows().size());
    assertEquals(List.of("mode=plain", "1", "1", "8050", "8050"), steps.rows().get(18).subList(0, 5),
        "each combination's steps numbered from 1");
  }

  @Test
  void comparedWithTwoObjectivesALoggedRateAndAFailureEachFigureHasItsColourAndEachCapacityItsMultiple() {
    Map<String, Object> a = search(List.of("p95<=8ms", "p99<=20ms"), 0.05,
        List.of(step(1, 2000, 3, 12, true), step(1, 3000, 9, 25, false)),
        List.of(round(1, 2000, 3000, List.of("p99 25.0 ms > 20.0 ms"), false)), 2000.0, null);
    a.put("combination", "table=a");
    a.put("multiple of the logged rate", 20.0);
    Map<String, Object> b = search(List.of("p95<=8ms", "p99<=20ms"), 0.05, List.of(step(1, 1000, 9, 25, false)),
        List.of(round(1, Double.NaN, 1000, List.of("p99 25.0 ms > 20.0 ms"), false)), null, null);
    b.put("combination", "table=b");
    b.put("failure", "round 2: relation \"b\" does not exist");
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("combination", "table=b");
    row.put("verdict", "no round with both capacities: nothing to pair");
    row.put("left out of the pairs", List.of("round 1: none found"));
    Map<String, Object> comparison = new LinkedHashMap<>();
    comparison.put("baseline", "table=a");
    comparison.put("least difference", 0.05);
    comparison.put("rows", List.of(row));
    Map<String, Object> capacity = new LinkedHashMap<>();
    capacity.put("objectives", List.of("p95<=8ms", "p99<=20ms"));
    capacity.put("resolution", 0.05);
    capacity.put("logged rate ops/s", 100.0);
    capacity.put("compared", List.of(a, b));
    capacity.put("comparison", comparison);
    Section section = section(capacity);
    assertEquals("capacity under p95<=8ms, p99<=20ms: table=a 2000 ops/s (x20.00 the logged rate (100 ops/s));"
        + " table=b: no round with both capacities: nothing to pair.", section.headlines().get(0));
    assertTrue(section.headlines().contains("table=b: its search stopped: round 2: relation \"b\" does not exist."),
        section.headlines().toString());
    List<Series> series = section.charts().get(0).series();
    assertEquals(List.of("table=a p95", "table=a p99", "table=b p95", "table=b p99", "objective p95<=8ms",
        "objective p99<=20ms", "table=a capacity 2000 ops/s"), series.stream().map(Series::label).toList(),
        "the figures the objectives name; no capacity for b");
    assertEquals(List.of("table=a p95", "table=a p99", "table=b p95", "table=b p99"),
        series.subList(0, 4).stream().map(Series::colorKey).toList(), "a colour per combination and figure");
    DataTable table = section.tables().get(0);
    assertEquals(List.of("combination", "capacity ops/s", "of the logged rate", "vs table=a", "verdict",
        "left out of the pairs", "search stopped"), table.headers());
    assertEquals(List.of("table=a", "2000", "x20.00 the logged rate (100 ops/s)", "baseline", "", "", ""),
        table.rows().get(0));
    assertEquals(List.of("table=b", "none found", "", "", "no round with both capacities: nothing to pair",
        "round 1: none found", "round 2: relation \"b\" does not exist"), table.rows().get(1));
  }

  @Test
  void thePageOfAComparisonCarriesOneKneeWithTheComparisonTable() throws Exception {
    String page = HtmlReport.render(List.of(new NamedResult("capx", JsonReport.read(comparedFixture()))));
    assertTrue(page.contains("<section id=\"capacity\">"));
    assertTrue(page.contains("<th class=\"text\">vs mode=prepared</th>")
        && page.contains("<td class=\"text\">holds less</td>"));
    assertEquals(1, page.split("\"kind\":\"knee", -1).length - 1, "one knee");
  }

  // ---- a search as the run writes it into the settings (CapacityJson) --------------------------

  private static Section section(Map<String, Object> capacity) {
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("rate", "searched (--slo)");
    settings.put("capacity", capacity);
    RunResult result = new RunResult("test", Instant.parse("2026-01-02T03:04:05Z"), settings,
        Map.of("kind", "postgres"), List.of(), false);
    return CapacitySection.of(List.of(new NamedResult("run", result)), () -> "chart-0");
  }

  private static Map<String, Object> search(List<String> objectives, double resolution, List<Map<String, Object>> steps,
                                            List<Map<String, Object>> rounds, Double capacity, List<Double> interval) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("objectives", objectives);
    json.put("resolution", resolution);
    json.put("keeps up", "achieved >= 0.99 x offered");
    if (capacity != null) {
      json.put("capacity ops/s", capacity);
    }
    if (interval != null) {
      json.put("interval", interval);
      json.put("coverage", 0.75);
    }
    json.put("rounds", rounds);
    json.put("steps", steps);
    return json;
  }

  /** A step whose p50 is {@code p99/50}, p95 {@code p95} and p99.9 1.5 times its p99; it keeps up. */
  private static Map<String, Object> step(int round, double offered, double p95, double p99, boolean held) {
    Map<String, Object> step = new LinkedHashMap<>();
    step.put("round", round);
    step.put("offered ops/s", offered);
    step.put("achieved ops/s", offered);
    step.put("p50 ms", p99 / 50);
    step.put("p95 ms", p95);
    step.put("p99 ms", p99);
    step.put("p99.9 ms", p99 * 1.5);
    step.put("error share", 0.0);
    step.put("held", held);
    step.put("broken", held ? List.of() : List.of("p99 " + p99 + " ms > 20.0 ms"));
    return step;
  }

  private static Map<String, Object> round(int round, double capacity, double brokeAt, List<String> brokeOn,
                                           boolean clientLimit) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("round", round);
    json.put("capacity ops/s", Double.isFinite(capacity) ? capacity : null);
    json.put("broke at ops/s", brokeAt);
    json.put("broke on", brokeOn);
    json.put("client's limit", clientLimit);
    return json;
  }
}
