package stress.app.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.model.StatementMode;
import stress.model.UsageException;
import stress.runner.PhaseSpec;
import stress.testing.TestDatabase;

/** A run that cannot work is refused before it starts: connection slots on the server, heap in the client. */
class RunCapacityTest {
  private static final long GB = 1024L * 1024 * 1024;

  private static PhaseSpec phase(String pool, int threads, int poolSize) {
    Map<String, String> combination = new LinkedHashMap<>();
    combination.put("pool", pool);
    combination.put("threads", Integer.toString(threads));
    return new PhaseSpec(combination, StatementMode.PREPARED, pool,
        new PoolSettings(poolSize, 0), threads, new ConnectionSpec("jdbc:postgresql://h/db", "u", null, Map.of(),
        List.of()), Map.of());
  }

  @Test
  void eachThreadWithoutAPoolTakesASlot() {
    RunCapacity.Slots slots = new RunCapacity.Slots(100, 3, 7);
    assertEquals(90, slots.free());
    RunCapacity.checkSlots(slots, List.of(phase("none", 90, 90)), null, 0, 1, "");
    UsageException e = assertThrows(UsageException.class,
        () -> RunCapacity.checkSlots(slots, List.of(phase("none", 8, 8), phase("none", 91, 91)), null, 0, 1, ""));
    assertEquals("--threads 91: the server has 90 free connection slots (max_connections 100, 3 reserved for"
        + " superusers, 7 in use by other sessions) and phase 'pool=none threads=91' needs 91 (one per thread); a run"
        + " may not open more connections than the server has free. Lower --threads or raise max_connections",
        e.getMessage());
  }

  @Test
  void aPoolTakesItsSizeWhateverTheThreads() {
    RunCapacity.Slots slots = new RunCapacity.Slots(100, 0, 0);
    RunCapacity.checkSlots(slots, List.of(phase("hikari", 500, 100)), 100, 0, 1, "");
    UsageException e = assertThrows(UsageException.class,
        () -> RunCapacity.checkSlots(slots, List.of(phase("c3p0", 2, 101)), 101, 0, 1, ""));
    assertTrue(e.getMessage().startsWith("--pool-size 101: the server has 100 free connection slots (max_connections"
        + " 100, 0 in use by other sessions)") && e.getMessage().contains("needs 101 (the pool's size)")
        && e.getMessage().contains("Lower --pool-size or --threads"), e.getMessage());
    UsageException asThreads = assertThrows(UsageException.class,
        () -> RunCapacity.checkSlots(slots, List.of(phase("hikari", 101, 101)), null, 0, 1, ""));
    assertTrue(asThreads.getMessage().startsWith("--threads 101:")
        && asThreads.getMessage().contains("(a pool as large as its threads, without --pool-size)"),
        asThreads.getMessage());
  }

  @Test
  void spreadOverHostsEachHostNeedsItsShare() {
    RunCapacity.Slots slots = new RunCapacity.Slots(50, 0, 0);
    // 101 threads over 2 hosts: 51 on the first, 50 on the second
    RunCapacity.checkSlots(slots, List.of(phase("none", 101, 101)), null, 1, 2, "on host b:5432 of --hosts, ");
    UsageException e = assertThrows(UsageException.class, () -> RunCapacity.checkSlots(slots,
        List.of(phase("none", 101, 101)), null, 0, 2, "on host a:5432 of --hosts, "));
    assertTrue(e.getMessage().startsWith("--threads 101: on host a:5432 of --hosts, the server has 50 free")
        && e.getMessage().contains("needs 51 there"), e.getMessage());
  }

  @Test
  void theRecordersOfTheLargestPhaseMustFitTheHeap() {
    RunCapacity.checkHeap(List.of(80), 9, GB);
    UsageException e = assertThrows(UsageException.class,
        () -> RunCapacity.checkHeap(List.of(4, 100_000), 1, 6 * GB));
    assertTrue(e.getMessage().startsWith("--threads 100000: the latency recorders of 100000 workers running 1"
        + " operation need at least ") && e.getMessage().contains("more than this JVM's maximum heap of 6.0 GB")
        && e.getMessage().contains("--instance"), e.getMessage());
  }

  /** Read from a real server: a superuser may take every slot, another role not the reserved ones. */
  @Test
  void theSlotsAreReadFromTheServer() throws SQLException {
    String url = TestDatabase.newDatabaseUrl("capacity");
    String role = "capacity_" + ProcessHandle.current().pid();
    List<Connection> held = new ArrayList<>();
    try (Connection admin = TestDatabase.connect(url); Statement s = admin.createStatement()) {
      s.execute("CREATE ROLE " + role + " LOGIN");
      try {
        RunCapacity.Slots before = RunCapacity.read(admin).orElseThrow();
        assertEquals(300, before.maxConnections(), "the test server's max_connections");
        assertEquals(0, before.reserved(), "postgres is a superuser");
        for (int i = 0; i < 5; i++) {
          held.add(TestDatabase.connect(url));
        }
        RunCapacity.Slots after = RunCapacity.read(admin).orElseThrow();
        assertTrue(after.inUse() >= before.inUse() + 5, before + " then " + after);
        try (Connection plain = java.sql.DriverManager.getConnection(url, role, null)) {
          RunCapacity.Slots ofRole = RunCapacity.read(plain).orElseThrow();
          assertEquals(3, ofRole.reserved(), "superuser_reserved_connections' default");
        }
      } finally {
        for (Connection c : held) {
          c.close();
        }
        s.execute("DROP ROLE " + role);
      }
    }
  }
}
