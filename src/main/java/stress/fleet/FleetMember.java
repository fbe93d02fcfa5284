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
  /** An instance silent for this many heartbeats is lost: one late renewal on a busy host is not a death. */
  public static final int LEASES = 3;
  private static final long POLL_MILLIS = 50;

  private final Connection connection;
  private final String runId;
  private final int instance;
  private final int instances;
  private final Duration timeout;
  private final DatabaseClock clock;
  private final Consumer<String> notes;
  private final Map<Integer, long[]> phaseTimes = new TreeMap<>();
  private Heartbeat heartbeats;
  /** What stops the run when another instance is lost while this one measures (set by the run), or null. */
  private volatile Consumer<String> onPeerLost;
  /** The line naming a lost instance, once one was found. */
  private volatile String peerLost;

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
   * now on (closed with it). From now on the member renews its heartbeat every {@code heartbeat}: the others count it
   * lost when it is silent for {@link #LEASES} times that.
   *
   * @throws FleetException when the run id was used before (the index is taken, or the run has ended), or the run was
   *                        registered with another number of instances
   */
  public static FleetMember join(Connection connection, String runId, int instance, int instances, Duration timeout,
                                 Duration heartbeat, String host, Consumer<String> notes) throws SQLException {
    connection.setAutoCommit(true);
    FleetTables.create(connection);
    refuseReuse(connection, runId, instance, host);
    try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + FleetTables.INSTANCES
        + " (run_id, instance, instances, host, pid, registered_at, state, heartbeat_at, lease_ms) VALUES (?, ?, ?, ?,"
        + " ?, clock_timestamp(), 'registered', clock_timestamp(), ?)")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      ps.setInt(3, instances);
      ps.setString(4, host);
      ps.setLong(5, ProcessHandle.current().pid());
      ps.setLong(6, heartbeat.multipliedBy(LEASES).toMillis());
      ps.executeUpdate();
    } catch (SQLException e) {
      if ("23505".equals(e.getSQLState())) {
        // registered by another process between our check and our insert
        refuseReuse(connection, runId, instance, host);
      }
      throw e;
    }
    FleetMember member = new FleetMember(connection, runId, instance, instances, timeout,
        DatabaseClock.measure(connection), notes);
    member.checkInstanceCount();
    member.heartbeats = Heartbeat.start(member, heartbeat);
    return member;
  }

  /**
   * Refuses a run id that has rows of another process: this instance's index taken, or an instance that has ended.
   * The rows are marked, so that {@code merge --run} never presents them as the run of the process that came later.
   */
  private static void refuseReuse(Connection c, String runId, int instance, String host) throws SQLException {
    String earlier = null;
    try (PreparedStatement ps = c.prepareStatement("SELECT instance, host, pid, registered_at, state FROM "
        + FleetTables.INSTANCES + " WHERE run_id = ? AND (instance = ? OR state IN ('done', 'interrupted'))"
        + " ORDER BY instance = ? DESC, instance LIMIT 1")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      ps.setInt(3, instance);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          earlier = "instance " + rs.getInt(1) + " is already registered (by host " + rs.getString(2) + ", pid "
              + rs.getLong(3) + ", at " + rs.getObject(4, OffsetDateTime.class) + ", " + rs.getString(5) + ")";
        }
      }
    }
    if (earlier == null) {
      return;
    }
    try (PreparedStatement ps = c.prepareStatement("UPDATE " + FleetTables.INSTANCES + " SET reused_by = ? || ', at '"
        + " || clock_timestamp() WHERE run_id = ? AND reused_by IS NULL")) {
      ps.setString(1, "instance " + instance + " on host " + host + ", pid " + ProcessHandle.current().pid());
      ps.setString(2, runId);
      ps.executeUpdate();
    }
    throw new FleetException("run " + runId + ": " + earlier + "; a run id is used once: give each run a new"
        + " --run-id");
  }

  private synchronized void checkInstanceCount() throws SQLException {
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
    markReady(number);
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

  private synchronized void markReady(int phase) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("INSERT INTO " + FleetTables.PHASES
        + " (run_id, instance, phase, ready_at) VALUES (?, ?, ?, clock_timestamp())")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      ps.setInt(3, phase);
      ps.executeUpdate();
    }
  }

  private synchronized TreeMap<Integer, Instant> ready(int phase) throws SQLException {
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

  private synchronized void stopIfAnotherStopped() throws SQLException {
    String lost = findLostPeer();
    if (lost != null) {
      fail(lost);
      throw new FleetException(lost);
    }
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

  /**
   * Renews this instance's heartbeat and looks for an instance of the run that is lost (silent for longer than its
   * lease while it had not ended): the run is then asked to stop, and {@link #peerLost()} names it. Called by
   * {@link Heartbeat}.
   */
  synchronized void beat() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("UPDATE " + FleetTables.INSTANCES
        + " SET heartbeat_at = clock_timestamp() WHERE run_id = ? AND instance = ?")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      ps.executeUpdate();
    }
    if (peerLost == null) {
      String lost = findLostPeer();
      if (lost != null) {
        // set before the stop is read, as onPeerLost sets the stop before it reads this: one of them sees the other
        peerLost = lost;
        Consumer<String> stop = onPeerLost;
        if (stop != null) {
          stop.accept(lost);
        }
      }
    }
  }

  /** The line naming the first lost instance of the run, or null when none is. */
  private String findLostPeer() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT instance, host, pid, lease_ms,"
        + " extract(epoch FROM clock_timestamp() - heartbeat_at) FROM " + FleetTables.INSTANCES
        + " WHERE run_id = ? AND instance <> ? AND state = 'registered' AND lease_ms IS NOT NULL"
        + " AND clock_timestamp() - heartbeat_at > lease_ms * interval '1 millisecond' ORDER BY instance LIMIT 1")) {
      ps.setString(1, runId);
      ps.setInt(2, instance);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? "run " + runId + ": " + FleetRun.lostLine(rs.getInt(1), instances, rs.getString(2),
            rs.getLong(3), rs.getLong(4), rs.getDouble(5)) + "; instance " + instance
            + " stops, and no result of the run is kept" : null;
      }
    }
  }

  /** Stops the run through {@code stop} as soon as another instance is found lost while this one measures. */
  public void onPeerLost(Consumer<String> stop) {
    onPeerLost = stop;
    String lost = peerLost;
    if (lost != null) {
      stop.accept(lost);
    }
  }

  /** The line naming a lost instance of the run, once one was found; null until then. */
  public String peerLost() {
    return peerLost;
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
  public synchronized void finish(String resultJson, boolean interrupted) throws SQLException {
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
  public synchronized void fail(String message) {
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
    if (heartbeats != null) {
      heartbeats.stop();
    }
    synchronized (this) {
      connection.close();
    }
  }
}
