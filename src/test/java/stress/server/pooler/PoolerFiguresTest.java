package stress.server.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** The pooler's line and result.json figures of a phase, and the client's mean split by where it went. */
class PoolerFiguresTest {

  @Test
  void theLineSplitsTheClientsMeanIntoWaitingServerAndTheRestPerTransaction() {
    PoolerFigures f = new PoolerFigures(12_345, 12_400, 246_900, 1_234_500L, 1_300, 16, 3, 20, 2, 9);
    assertEquals("pooler: 12,345 transactions, 12,400 queries; clients waited avg 0.020 ms, max seen 1.300 ms; 16 of"
        + " 20 server connections open, at most 3 active at once, at most 2 clients waiting (9 samples); client's"
        + " mean latency 0.200 ms: waiting at the pooler 0.020 ms (10.0%), inside the server 0.100 ms (50.0%), the"
        + " rest 0.080 ms (40.0%)", f.line(0.2));
    assertEquals("0.1000", f.toReport(0.2).get("pooler wait share of client mean latency"));
    assertEquals("0.100", f.toReport(0.2).get("pooler server time avg ms"));
    assertEquals("0.080", f.toReport(0.2).get("pooler rest avg ms"));
    assertEquals("12345", f.toReport(0.2).get("pooler transactions"));
    // idle connections an earlier run left in the pool are open, not used by this run
    assertEquals("16", f.toReport(0.2).get("pooler server connections open"));
    assertEquals("3", f.toReport(0.2).get("pooler server connections active at most"));
  }

  @Test
  void withoutTransactionsOrPoolSizeNothingIsDividedByZero() {
    PoolerFigures none = new PoolerFigures(0, 0, 0, 0L, 0, 0, 0, null, 0, 0);
    assertEquals("pooler: 0 transactions, 0 queries; clients waited avg 0.000 ms; 0 server connections open; the"
        + " longest wait and the waiting clients not sampled (no interval ended while the phase ran)", none.line(1.5));
    assertFalse(none.toReport(1.5).containsKey("pooler client wait max seen ms"), "never a 0 not measured");
    assertFalse(none.toReport(1.5).containsKey("pooler wait share of client mean latency"));
    assertFalse(none.toReport(1.5).containsKey("pooler server time avg ms"));
    assertFalse(none.toReport(1.5).containsKey("pooler pool size"));
  }
}
