package stress.report.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.report.JsonReport;

/** The written rules of docs/assess.md ("Verdicts"), each over a small assessment file. */
class VerdictRulesTest {
  private static JsonNode assessment(String plan, String sections) throws Exception {
    return JsonReport.mapper().readTree(("{'plan': [" + plan + "], 'sections': {" + sections + "}}")
        .replace('\'', '"'));
  }

  private static Verdict of(List<Verdict> verdicts, String ns) {
    return verdicts.stream().filter(v -> ns == null ? v.ns() == null : ns.equals(v.ns())).findFirst().orElseThrow();
  }

  @Test
  void aBlockerBlocksAChangeAsksForChangesAndNeitherIsReady() {
    Finding blocker = new Finding("a.b", Finding.Weight.BLOCKER, "data", "x", null);
    Finding change = new Finding("a.b", Finding.Weight.CHANGE, "indexes", "y", null);
    Finding open = new Finding("a.b", Finding.Weight.UNDETERMINED, "speed", "z", null);
    assertEquals(Verdict.Outcome.BLOCKED, VerdictRules.outcome(List.of(change, blocker, open)));
    assertEquals(Verdict.Outcome.READY_WITH_CHANGES, VerdictRules.outcome(List.of(open, change)));
    assertEquals(Verdict.Outcome.READY, VerdictRules.outcome(List.of(open)), "not determined changes no verdict");
  }

  @Test
  void aStepOverTheBudgetIsNotDeterminedAndAStepThatDoesNotApplyIsANote() throws Exception {
    JsonNode a = assessment("{'step': 'speed', 'status': 'skipped', 'reason': 'over --budget 2 min: ...'},"
        + "{'step': 'layout', 'status': 'skipped', 'reason': 'the target is PostgreSQL, not a cluster'},"
        + "{'step': 'indexes', 'status': 'failed', 'reason': 'the server went away'}", "");
    List<Finding> f = VerdictRules.findings(a);
    assertEquals(Finding.Weight.UNDETERMINED, f.get(0).weight());
    assertEquals(Finding.Weight.NOTE, f.get(1).weight());
    assertEquals(Finding.Weight.UNDETERMINED, f.get(2).weight());
  }

  @Test
  void documentsNoOptionLoadsBlockAndThoseAnOptionLoadsAreAChange() throws Exception {
    JsonNode a = assessment("", "'data': {'source': 'dump', 'rules': ["
        + "{'kind': 'nul', 'what': 'a NUL in a string', 'outcome': 'rejected', 'loadableWithOption': false},"
        + "{'kind': 'repeated', 'what': 'repeated field names', 'outcome': 'rejected', 'option': '--repeated-fields"
        + " last', 'loadableWithOption': true}], 'collections': ["
        + "{'ns': 's.a', 'documents': 10, 'rejected': 2, 'blocked': 2, 'loadableWithOption': 0, 'findings': ["
        + "{'kind': 'nul', 'documents': 2, 'sampleIds': ['1', '7'], 'outcome': 'rejected'}]},"
        + "{'ns': 's.b', 'documents': 10, 'rejected': 3, 'blocked': 0, 'loadableWithOption': 3, 'withOption':"
        + " '--repeated-fields last', 'findings': [{'kind': 'repeated', 'documents': 3, 'sampleIds': [],"
        + " 'outcome': 'rejected', 'loadableWithOption': true}]}]},"
        + "'import': {'rejectsFile': 'r.jsonl', 'tables': [{'ns': 's.a', 'status': 'loaded', 'read': 10, 'loaded': 8,"
        + " 'rejected': 2}, {'ns': 's.b', 'status': 'loaded', 'read': 10, 'loaded': 7, 'rejected': 3}]}");
    List<Verdict> v = VerdictRules.of(a);
    Verdict blocked = of(v, "s.a");
    assertEquals(Verdict.Outcome.BLOCKED, blocked.outcome());
    assertEquals(1, blocked.of(Finding.Weight.BLOCKER).size(), "the data's rule, not the import's count again");
    assertTrue(blocked.of(Finding.Weight.BLOCKER).get(0).text().contains("e.g. _id 1, 7"), blocked.toString());
    Verdict changed = of(v, "s.b");
    assertEquals(Verdict.Outcome.READY_WITH_CHANGES, changed.outcome());
    assertTrue(changed.of(Finding.Weight.CHANGE).get(0).text().startsWith("import with --repeated-fields last"));
    assertEquals(Verdict.Outcome.BLOCKED, of(v, null).outcome());
  }

  @Test
  void theImportsRejectionsBlockWhenTheDataWasNotRead() throws Exception {
    JsonNode a = assessment("", "'import': {'rejectsFile': 'r.jsonl', 'tables': [{'ns': 's.a', 'status': 'loaded',"
        + " 'read': 10, 'loaded': 9, 'rejected': 1}, {'ns': 's.b', 'status': 'stopped', 'message': 'corrupt'}]}");
    List<Verdict> v = VerdictRules.of(a);
    assertEquals(Verdict.Outcome.BLOCKED, of(v, "s.a").outcome());
    assertTrue(of(v, "s.b").of(Finding.Weight.BLOCKER).get(0).text().contains("stopped: corrupt"));
  }

  @Test
  void refusedShapesOfOneOperatorAreOneBlockerWithTheirSharesAdded() throws Exception {
    JsonNode a = assessment("", "'operations': {'against': null, 'shapes': ["
        + "{'ns': 's.a', 'operation': 'w1', 'kind': 'find', 'share': 0.02, 'status': 'refused', 'refusedOperator':"
        + " '$where', 'change': 'use $expr'},"
        + "{'ns': 's.a', 'operation': 'w2', 'kind': 'find', 'share': 0.03, 'status': 'refused', 'refusedOperator':"
        + " '$where', 'change': 'use $expr'},"
        + "{'ns': 's.a', 'operation': 'u', 'kind': 'update', 'share': 0.5, 'status': 'translates-with-difference',"
        + " 'difference': 'number kinds'},"
        + "{'ns': 's.a', 'operation': 'f', 'kind': 'find', 'share': 0.45, 'status': 'translates', 'check':"
        + " 'different', 'checkLine': 'first difference at $.x'}]}");
    List<Verdict> v = VerdictRules.of(a);
    List<Finding> blockers = of(v, "s.a").of(Finding.Weight.BLOCKER);
    assertEquals(2, blockers.size(), blockers.toString());
    assertEquals("find uses $where (refused): use $expr", blockers.get(0).text());
    assertEquals(0.05, blockers.get(0).share(), 1e-12);
    assertTrue(blockers.get(1).text().contains("the answer is different"), blockers.toString());
    assertEquals(Finding.Weight.NOTE, of(v, "s.a").findings().stream().filter(f -> f.text().contains("number kinds"))
        .findFirst().orElseThrow().weight(), "a named difference is a note");
    assertTrue(of(v, null).of(Finding.Weight.UNDETERMINED).stream().anyMatch(f -> f.text().contains("no --against")));
  }

  @Test
  void aCapacityBelowTheLoggedPeakOrElseTheLoggedRateBlocksTheApplication() throws Exception {
    String below = "'speed': {'perShape': [], 'capacity': {'objective': 'p99<=20ms', 'vouched': true, 'opsPerSecond':"
        + " 50, 'multipleOfLoggedRate': 0.5, 'loggedRate': 100}}";
    assertEquals(Verdict.Outcome.BLOCKED, of(VerdictRules.of(assessment("", below)), null).outcome());
    String above = below.replace("0.5", "3.2").replace(" 50,", " 320,");
    Verdict ready = of(VerdictRules.of(assessment("", above)), null);
    assertEquals(Verdict.Outcome.READY, ready.outcome());
    assertTrue(ready.findings().get(0).text().startsWith("holds 3.20× the logged rate at p99<=20ms")
        && ready.findings().get(0).text().endsWith("; the logged peak is not known"), ready.toString());
    // above the mean but below the busiest second: the peak decides
    String belowPeak = above.replace("'loggedRate': 100}", "'loggedRate': 100, 'multipleOfLoggedPeak': 0.8,"
        + " 'loggedPeak': 400}");
    Verdict peak = of(VerdictRules.of(assessment("", belowPeak)), null);
    assertEquals(Verdict.Outcome.BLOCKED, peak.outcome(), peak.toString());
    assertEquals("holds 0.80× the logged peak at p99<=20ms (320 of 400 ops/s, the log's busiest second) and 3.20× the"
        + " logged rate (100.0 ops/s)", peak.of(Finding.Weight.BLOCKER).get(0).text());
    String abovePeak = belowPeak.replace("0.8,", "1.6,").replace("'loggedPeak': 400", "'loggedPeak': 200");
    assertEquals(Verdict.Outcome.READY, of(VerdictRules.of(assessment("", abovePeak)), null).outcome());
    String none = "'speed': {'perShape': [], 'capacity': {'objective': 'p99<=20ms', 'vouched': false, 'cause':"
        + " 'host stalls'}}";
    Verdict open = of(VerdictRules.of(assessment("", none)), null);
    assertEquals(Verdict.Outcome.READY, open.outcome());
    assertEquals("no capacity vouched for at p99<=20ms; cause: host stalls", open.of(Finding.Weight.UNDETERMINED)
        .get(0).text());
  }
}
