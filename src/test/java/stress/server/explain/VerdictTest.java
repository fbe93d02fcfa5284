package stress.server.explain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Routes from counts, and how verdicts read. */
class VerdictTest {

  @Test
  void routeFollowsTheCounts() {
    assertEquals(Route.UNKNOWN, Route.of(null, 32));
    assertEquals(Route.ONE, Route.of(0, 32), "pruned to no shard: nothing is spread");
    assertEquals(Route.ONE, Route.of(1, 32));
    assertEquals(Route.ONE, Route.of(1, 1));
    assertEquals(Route.SEVERAL, Route.of(23, 32));
    assertEquals(Route.SEVERAL, Route.of(2, null), "without a total it cannot be called a broadcast");
    assertEquals(Route.ALL, Route.of(32, 32));
  }

  @Test
  void aDriverMessageIsCutToItsFirstLineWithoutTheSeverity() {
    Verdict v = Verdict.refused("0A000", "ERROR: could not create distributed plan\n  Detail: Possibly this is caused"
        + " by the use of parameters in SQL functions, which is not supported in Citus.");
    assertEquals("refused: ERROR 0A000 could not create distributed plan", v.line());
  }

  @Test
  void countsReadAsEnglish() {
    assertEquals("single-node route: 1 of 1 shard", Verdict.counted(1, 1, "shard", List.of(), null).line());
    assertEquals("multi-datanode: 2 of ? datanodes (nodes dn1, dn2)",
        Verdict.counted(2, null, "datanode", List.of("dn1", "dn2"), null).line());
    assertEquals("unknown: no Motion in the plan", Verdict.unknown("no Motion in the plan").line());
  }

  @Test
  void aRefusalNeedsItsSqlState() {
    assertThrows(IllegalArgumentException.class,
        () -> new Verdict(Route.REFUSED, null, null, null, List.of(), "x", null));
    assertEquals("?????", Verdict.refused(null, "no state").sqlState());
  }
}
