package stress.fleet;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import stress.runner.PhaseSpec;
import stress.runner.PhaseStartGate;

/**
 * This process as one instance of a run of several ({@code --run-id}): registered in {@link FleetTables} on the
 * target, it holds each phase, connections open, until every instance has said it is ready for that phase, then starts
 * at the instant they all work out alike from the database's rows (the last one ready, plus {@link #LEAD}), by the
 * database's clock. An instance that does not come within the barrier's timeout, or one that failed, stops the others
 * with one line naming the run and the instance. No coordinator: each instance reads the same rows.
 */
public final class FleetMember implements PhaseStartGate, AutoCloseable {
  /** Time from the last instance ready to the start: every instance polls the rows in it and sleeps to the instant. */
  static final Duration LEAD = Duration.ofMillis(500);
  private static final long POLL_MILLIS = 50;

  private final Connection connection;
  private final String runId;
  private final int instance;
  private final int instances;
  private final Duration timeout;
  private final DatabaseClock clock;
  private final Consumer<String> notes;
  private final Map<Integer, long[]> phaseTimes = new TreeMap<>();

  private FleetMember(Connection connection, String runId, int instance, int instances, Duration timeout,
                      DatabaseClock clock, Consumer<String> notes) {
    this.connection = connection;
    this.runId = runId;
    this.instance = instance;
    this.instances = instances;
    this.timeout = timeout;
    this.clock = clock;
    this.notes = notes;
  }

  /**
   * Registers instance {@code instance} of {@code instances} of run {@code runId}; the connection is the member's from
   * now on (closed with it).
   *
   * @throws FleetException when the index is taken or the run was registered with another number of instances
   */
  public static FleetMember join(Connection connection, String runId, int instance, int instances, Duration timeout,
                                 String host, Consumer<String> notes) throws SQLException {
    connection.setAutoCommit(true);
    FleetTables.create(connection);
    try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + FleetTables.INSTANCES
        + " (run_id, instance, instances, host, pid, registered_at, state) VALUES (?, ?, ?, ?, ?, clock_timestamp(),"
        + " 'registered')")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      ps.setInt(3, instances);
      ps.setString(4, host);
      ps.setLong(5, ProcessHandle.current().pid());
      ps.executeUpdate();
    } catch (SQLException e) {
      if ("23505".equals(e.getSQLState())) {
        throw new FleetException("run " + runId + ": instance " + instance + " is already registered ("
            + describe(connection, runId, instance) + "); a run id is used once: give each run a new --run-id");
      }
      throw e;
    }
    FleetMember member = new FleetMember(connection, runId, instance, instances, timeout,
        DatabaseClock.measure(connection), notes);
    member.checkInstanceCount();
    return member;
  }

  private static String describe(Connection c, String runId, int instance) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT host, pid, registered_at, state FROM "
        + FleetTables.INSTANCES + " WHERE run_id = ? AND instance = ?")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? "by host " + rs.getString(1) + ", pid " + rs.getLong(2) + ", at "
            + rs.getObject(3, OffsetDateTime.class) + ", " + rs.getString(4) : "by another process";
      }
    }
  }

  private void checkInstanceCount() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT instance, instances FROM " + FleetTables.INSTANCES
        + " WHERE run_id = ? AND instances <> ? ORDER BY instance LIMIT 1")) {
      ps.setString(1, runId);
      ps.setInt(2, instances);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          String message = "run " + runId + " has " + rs.getInt(2) + " instances (instance " + rs.getInt(1)
              + " registered so), this process says " + instances;
          fail(message);
          throw new FleetException(message);
        }
      }
    }
  }

  /** The database's clock as this process sees it (offset and its error), for the run's header. */
  public String clockLine() {
    return String.format(java.util.Locale.ROOT, "database clock %+.1f ms from this host's (within %.1f ms)",
        clock.offsetNanos() / 1e6, clock.errorNanos() / 1e6);
  }

  @Override
  public void awaitStart(PhaseSpec phase, int index, BooleanSupplier stopRequested)
      throws SQLException, InterruptedException {
    int number = index + 1;
    try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + FleetTables.PHASES
        + " (run_id, instance, phase, ready_at) VALUES (?, ?, ?, clock_timestamp())")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      ps.setInt(3, number);
      ps.executeUpdate();
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    Instant lastReady;
    while (true) {
      if (stopRequested.getAsBoolean()) {
        return;
      }
      stopIfAnotherStopped();
      TreeMap<Integer, Instant> ready = ready(number);
      if (ready.size() >= instances) {
        lastReady = ready.values().stream().max(Instant::compareTo).orElseThrow();
        break;
      }
      if (System.nanoTime() - deadline > 0) {
        TreeSet<Integer> missing = new TreeSet<>();
        for (int i = 1; i <= instances; i++) {
          if (!ready.containsKey(i)) {
            missing.add(i);
          }
        }
        String message = "run " + runId + ": instance" + (missing.size() == 1 ? " " : "s ") + join(missing) + " of "
            + instances + " did not reach phase " + number + " ('" + phase.label() + "') within "
            + timeout.toSeconds() + " s (ready: " + join(ready.keySet()) + "); instance " + instance
            + " stops, and no result of the run is kept";
        fail(message);
        throw new FleetException(message);
      }
      Thread.sleep(POLL_MILLIS);
    }
    Instant start = clock.toLocal(lastReady.plus(LEAD));
    notes.accept("run " + runId + ": all " + instances + " instances ready for phase " + number + "; it starts at "
        + lastReady.plus(LEAD) + " (database clock)");
    long wait;
    while ((wait = Duration.between(Instant.now(), start).toNanos()) > 0 && !stopRequested.getAsBoolean()) {
      Thread.sleep(Math.max(0, Math.min(10, wait / 1_000_000)), (int) Math.min(999_999, wait % 1_000_000));
    }
  }

  private TreeMap<Integer, Instant> ready(int phase) throws SQLException {
    TreeMap<Integer, Instant> ready = new TreeMap<>();
    try (PreparedStatement ps = connection.prepareStatement("SELECT instance, ready_at FROM " + FleetTables.PHASES
        + " WHERE run_id = ? AND phase = ?")) {
      ps.setString(1, runId);
      ps.setInt(2, phase);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          ready.put(rs.getInt(1), rs.getObject(2, OffsetDateTime.class).toInstant());
        }
      }
    }
    return ready;
  }

  private void stopIfAnotherStopped() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT instance, state, message FROM "
        + FleetTables.INSTANCES + " WHERE run_id = ? AND instance <> ? AND state IN ('failed', 'interrupted')"
        + " ORDER BY instance LIMIT 1")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          String message = "run " + runId + ": instance " + rs.getInt(1) + " " + rs.getString(2)
              + (rs.getString(3) == null ? "" : " (" + rs.getString(3) + ")") + "; instance " + instance
              + " stops, and no result of the run is kept";
          fail("stopped with instance " + rs.getInt(1));
          throw new FleetException(message);
        }
      }
    }
  }

  @Override
  public void started(int index, long epochNanos) {
    phaseTimes.computeIfAbsent(index + 1, k -> new long[2])[0] = epochNanos;
  }

  @Override
  public void ended(int index, long epochNanos) {
    phaseTimes.computeIfAbsent(index + 1, k -> new long[2])[1] = epochNanos;
  }

  /** Keeps this instance's result (its {@code --json} document) and its phases' times: the run's part is done. */
  public void finish(String resultJson, boolean interrupted) throws SQLException {
    for (Map.Entry<Integer, long[]> p : phaseTimes.entrySet()) {
      try (PreparedStatement ps = connection.prepareStatement("UPDATE " + FleetTables.PHASES
          + " SET started_at = ?, ended_at = ? WHERE run_id = ? AND instance = ? AND phase = ?")) {
        ps.setObject(1, p.getValue()[0] == 0 ? null : clock.toDatabase(p.getValue()[0]));
        ps.setObject(2, p.getValue()[1] == 0 ? null : clock.toDatabase(p.getValue()[1]));
        ps.setString(3, runId);
        ps.setInt(4, instance);
        ps.setInt(5, p.getKey());
        ps.executeUpdate();
      }
    }
    state(interrupted ? "interrupted" : "done", interrupted ? "stopped by a signal" : null, resultJson);
  }

  /** Marks this instance failed, so the others stop at their next phase instead of waiting for it. */
  public void fail(String message) {
    try {
      state("failed", message, null);
    } catch (SQLException e) {
      notes.accept("run " + runId + ": could not mark instance " + instance + " failed: " + e.getMessage());
    }
  }

  private void state(String state, String message, String result) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("UPDATE " + FleetTables.INSTANCES
        + " SET state = ?, message = ?, result = ?, finished_at = clock_timestamp() WHERE run_id = ? AND instance = ?"
        + " AND state NOT IN ('failed', 'done', 'interrupted')")) {
      ps.setString(1, state);
      ps.setString(2, message);
      ps.setString(3, result);
      ps.setString(4, runId);
      ps.setInt(5, instance);
      ps.executeUpdate();
    }
  }

  private static String join(java.util.Collection<Integer> numbers) {
    List<String> text = new ArrayList<>();
    numbers.forEach(n -> text.add(Integer.toString(n)));
    return text.isEmpty() ? "none" : String.join(", ", text);
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
