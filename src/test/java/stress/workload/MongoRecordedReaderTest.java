package stress.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.model.MongoRecorded;
import stress.model.UsageException;

/** An operation's mongodb: key, as workload --from-log writes it or a user writes it by hand. */
class MongoRecordedReaderTest {
  private static final Path FILE = Path.of("w.yaml");

  private static WorkloadFile read(String mongodb) {
    return WorkloadFile.read(FILE, """
        operations:
          by_status:
            find: {"filter": {"status": "paid"}}
        """ + mongodb);
  }

  @Test
  void everyFigureIsRead() {
    WorkloadFile file = read("""
            mongodb:
              entries: 20
              getMores: 1
              first: "2024-11-25T02:00:00.750Z"
              last: "2024-11-25T02:00:24.500Z"
              perSecond: 0.8421
              durationMillis: {p50: 3, p95: 6, p99: 6, max: 7}
              plans: {"IXSCAN { status: 1 }": 19, "COLLSCAN": 1}
              examinedPerReturned: 1.5
              keysExaminedPerReturned: 2.00
              applications: {"shop-api": 20}
              peakPerSecond: 4
              peakAt: "2024-11-25T02:00:07Z"
        """);
    MongoRecorded r = file.recorded().get("by_status");
    assertEquals(new MongoRecorded(20, 1, "2024-11-25T02:00:00.750Z", "2024-11-25T02:00:24.500Z", 0.8421, 3, 6, 6, 7,
        Map.of("IXSCAN { status: 1 }", 19L, "COLLSCAN", 1L), 1.5, 2.0, Map.of("shop-api", 20L), 4L,
        "2024-11-25T02:00:07Z"), r);
    assertEquals("IXSCAN { status: 1 }", r.plan(), "the plan used most often");
    assertTrue(r.readsIndex());
  }

  @Test
  void entriesAndDurationsAreEnough() {
    MongoRecorded r = read("""
            mongodb: {entries: 3, durationMillis: {p50: 0, p95: 0, p99: 1, max: 250}}
        """).recorded().get("by_status");
    assertEquals(new MongoRecorded(3, 0, null, null, null, 0, 0, 1, 250, Map.of(), null, null, Map.of()), r);
    assertEquals("", r.plan());
    assertFalse(r.readsIndex());
    assertTrue(read("").recorded().isEmpty(), "an operation without the key has nothing recorded");
  }

  @Test
  void aWrongFigureIsRefusedWithItsLine() {
    assertRefused("    mongodb: {entries: 3}\n", "w.yaml:4: operation 'by_status': 'durationMillis' is missing");
    assertRefused("    mongodb: {entries: 3, durationMillis: {p50: 5, p95: 4, p99: 6, max: 7}}\n",
        "w.yaml:4: operation 'by_status': durationMillis must not decrease from p50 to max, got {p50: 5, p95: 4, p99: 6,"
            + " max: 7}");
    assertRefused("    mongodb: {entries: 0, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}}\n",
        "w.yaml:4: operation 'by_status': entries must be at least 1");
    assertRefused("    mongodb: {entries: -2, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}}\n",
        "w.yaml:4: operation 'by_status': entries must be a whole number of at least 0, got '-2'");
    assertRefused("    mongodb: {entries: 1, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}, first: yesterday}\n",
        "w.yaml:4: operation 'by_status': first must be a time such as 2024-11-25T02:00:00.750Z, got 'yesterday'");
    assertRefused("    mongodb: {entries: 1, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}, latency: 3}\n",
        "w.yaml:4: operation 'by_status': unknown key 'latency' in 'mongodb'; known: applications, durationMillis,"
            + " entries, examinedPerReturned, first, getMores, keysExaminedPerReturned, last, peakAt, peakPerSecond,"
            + " perSecond, plans");
    assertRefused("    mongodb: {entries: 3, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}, peakPerSecond: 4}\n",
        "w.yaml:4: operation 'by_status': peakPerSecond must be from 1 to entries (3): the entries of the busiest"
            + " second, got 4");
    assertRefused("    mongodb: {entries: 3, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}, peakAt: noon}\n",
        "w.yaml:4: operation 'by_status': peakAt must be a time such as 2024-11-25T02:00:00.750Z, got 'noon'");
    assertRefused("    mongodb: 12\n", "w.yaml:4: operation 'by_status': 'mongodb' must be a map: what MongoDB recorded"
        + " (entries, durationMillis: {p50, p95, p99, max}, plans, ...)");
    assertRefused("    mongodb: {entries: 1, durationMillis: {p50: 0, p95: 0, p99: 0, max: 0}, plans: [COLLSCAN]}\n",
        "w.yaml:4: operation 'by_status': plans must be a map of each value to how often it was logged");
  }

  @Test
  void theLogsRateIsTheOperationsEntriesOverTheirSpan() {
    WorkloadFile file = WorkloadFile.read(FILE, """
        operations:
          a:
            find: {"filter": {"status": "paid"}}
            mongodb: {entries: 30, first: "2024-11-25T02:00:00Z", last: "2024-11-25T02:00:50Z",
                      durationMillis: {p50: 1, p95: 1, p99: 1, max: 1}}
          b:
            find: {"filter": {"status": "sent"}}
            mongodb: {entries: 10, first: "2024-11-25T02:00:10Z", last: "2024-11-25T02:01:20Z",
                      durationMillis: {p50: 1, p95: 1, p99: 1, max: 1}}
          c:
            find: {"filter": {"status": "lost"}}
        """);
    assertEquals(40 / 80.0, file.loggedRate(java.util.List.of("a", "b")), 1e-12, "40 entries in 80 s");
    assertEquals(30 / 50.0, file.loggedRate(java.util.List.of("a")), 1e-12);
    UsageException e = assertThrows(UsageException.class, () -> file.loggedRate(java.util.List.of("a", "c")));
    assertEquals("--rate log: operation 'c' has no mongodb: first and last in w.yaml (the times workload --from-log"
        + " writes), so the log's rate is not known", e.getMessage());
  }

  private static void assertRefused(String mongodb, String message) {
    UsageException e = assertThrows(UsageException.class, () -> read(mongodb));
    assertEquals(message, e.getMessage());
  }
}
