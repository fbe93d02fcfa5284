package stress.server.pooler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The pooler's line and result.json figures of a phase, and the client's mean split by where it went. */
class PoolerFiguresTest {

  @Test
  void theLineSplitsTheClientsMeanIntoWaitingServerAndTheRestPerTransaction() {
    PoolerFigures f = new PoolerFigures(12_345, 12_400, 246_900, 1_234_500L, 1_300, 16, 3, 20, 2, 4, 9);
    assertEquals("pooler: 12,345 transactions, 12,400 queries; clients waited avg 0.020 ms, max seen 1.300 ms; 16 of"
        + " 20 server connections open, at most 3 active at once, at most 2 clients waiting (9 samples); client's"
        + " mean latency 0.200 ms: waiting at the pooler 0.020 ms (10.0%; 2 of 4 clients waiting at the peak seen),"
        + " inside the server 0.100 ms (50.0%), the rest 0.080 ms (40.0%)", f.line(0.2));
    assertEquals("0.1000", f.toReport(0.2).get("pooler wait share of client mean latency"));
    assertEquals("0.100", f.toReport(0.2).get("pooler server time avg ms"));
    assertEquals("0.080", f.toReport(0.2).get("pooler rest avg ms"));
    assertEquals("12345", f.toReport(0.2).get("pooler transactions"));
    // idle connections an earlier run left in the pool are open, not used by this run
    assertEquals("16", f.toReport(0.2).get("pooler server connections open"));
    assertEquals("3", f.toReport(0.2).get("pooler server connections active at most"));
    assertEquals("2", f.toReport(0.2).get("pooler clients waiting at most"));
    assertEquals("4", f.toReport(0.2).get("pooler clients at the waiting peak"));
  }

  /**
   * A thousand clients through a pool of 20: the wait's share and the clients queued at the pooler said together,
   * read from SHOW POOLS at the moment most were waiting.
   */
  @Test
  void theWaitsShareIsSaidBesideTheClientsWaitingAtThePeak() {
    PoolerFigures queued = new PoolerFigures(5_000, 5_000, 811_230_000L, 1_004_630_000L, 480_000, 20, 20, 20, 967,
        1000, 6);
    String line = queued.line(249.319);
    assertTrue(line.endsWith("; client's mean latency 249.319 ms: waiting at the pooler 162.246 ms (65.1%; 967 of 1000"
        + " clients waiting at the peak seen), inside the server 200.926 ms (80.6%), the rest not known: the two add"
        + " up to 363.172 ms, more than the client's mean (the pooler's means include the warm-up and the set-up's"
        + " transactions)"), line);
    // no interval ended while the phase ran: no peak seen, so no count beside the share
    PoolerFigures unsampled = new PoolerFigures(5_000, 5_000, 811_230_000L, 1_004_630_000L, 0, 20, 0, 20, 0, 0, 0);
    assertTrue(unsampled.line(249.319).contains("waiting at the pooler 162.246 ms (65.1%), inside the server"),
        unsampled.line(249.319));
    assertFalse(unsampled.toReport(249.319).containsKey("pooler clients at the waiting peak"));
  }

  @Test
  void withoutTransactionsOrPoolSizeNothingIsDividedByZero() {
    PoolerFigures none = new PoolerFigures(0, 0, 0, 0L, 0, 0, 0, null, 0, 0, 0);
    assertEquals("pooler: 0 transactions, 0 queries; clients waited avg 0.000 ms; 0 server connections open; the"
        + " longest wait and the waiting clients not sampled (no interval ended while the phase ran)", none.line(1.5));
    assertFalse(none.toReport(1.5).containsKey("pooler client wait max seen ms"), "never a 0 not measured");
    assertFalse(none.toReport(1.5).containsKey("pooler wait share of client mean latency"));
    assertFalse(none.toReport(1.5).containsKey("pooler server time avg ms"));
    assertFalse(none.toReport(1.5).containsKey("pooler pool size"));
  }
}
