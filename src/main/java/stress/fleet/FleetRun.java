package stress.fleet;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * A run's instances as the target database keeps them ({@link FleetTables}), for {@code stress merge --run}: complete
 * when every instance of it has kept its result, failed when one of them failed.
 *
 * @param runId     the run
 * @param instances how many instances it has
 * @param members   the instances registered so far, in index order
 */
public record FleetRun(String runId, int instances, List<Member> members) {

  /**
   * One instance: where it ran, how it ended, its result and its phases' times by the database's clock.
   *
   * @param registered    when it registered, by the database's clock
   * @param leaseMs       how long it may be silent before it is lost, or 0 when it kept no heartbeat
   * @param silentSeconds how long ago it last renewed its heartbeat, when it has one
   * @param reusedBy      the later process that was given this run's id, or null
   */
  public record Member(int instance, String host, long pid, String state, String message, String result,
                       Map<Integer, PhaseTimes> phases, Instant registered, long leaseMs, double silentSeconds,
                       String reusedBy) {
    /** Still registered, but silent for longer than its lease: killed, or cut off from the database. */
    public boolean lost() {
      return state.equals("registered") && leaseMs > 0 && silentSeconds * 1000 > leaseMs;
    }

    /** Ended and kept its result: 'done', or 'interrupted' with a partial one. */
    public boolean kept() {
      return state.equals("done") || state.equals("interrupted");
    }
  }

  /** When an instance started and ended a phase, by the database's clock (null when it did not). */
  public record PhaseTimes(Instant started, Instant ended) {}

  /** Every instance has kept its result ('done', or 'interrupted' with a partial one), and the id was not reused. */
  public boolean complete() {
    return members.size() == instances && members.stream().allMatch(Member::kept) && reusedBy() == null;
  }

  /** The first failed instance, if any. */
  public Member failed() {
    return members.stream().filter(m -> m.state().equals("failed")).findFirst().orElse(null);
  }

  /** The first lost instance, if any. */
  public Member lost() {
    return members.stream().filter(Member::lost).findFirst().orElse(null);
  }

  /** The later process that was given this run's id, or null. */
  public String reusedBy() {
    return members.stream().map(Member::reusedBy).filter(java.util.Objects::nonNull).findFirst().orElse(null);
  }

  /** The run cannot be merged, whatever waiting: an instance failed or is lost, or its id was given again. */
  public boolean ended() {
    return failed() != null || lost() != null || reusedBy() != null;
  }

  /** When its first instance registered, by the database's clock. */
  public Instant started() {
    return members.stream().map(Member::registered).filter(java.util.Objects::nonNull).min(Instant::compareTo)
        .orElse(null);
  }

  /** One line on a lost instance (without the run's name): which, since when silent, what its lease is. */
  static String lostLine(int instance, int instances, String host, long pid, long leaseMs, double silentSeconds) {
    return String.format(java.util.Locale.ROOT, "instance %d of %d lost: no heartbeat for %.1f s (its lease is %s;"
        + " host %s, pid %d): killed, or cut off from the database", instance, instances, silentSeconds,
        leaseMs % 1000 == 0 ? leaseMs / 1000 + " s" : leaseMs + " ms", host, pid);
  }

  /** Why there is no merged result yet, one line naming the run and the instances. */
  public String whyIncomplete() {
    String reused = reusedBy();
    if (reused != null) {
      return "run " + runId + ": its id was given again to a later process (" + reused + ") after its instances"
          + " registered" + (started() == null ? "" : " at " + started()) + "; the rows kept under it may mix two runs:"
          + " give each run a new --run-id; no merged result";
    }
    Member lost = lost();
    if (lost != null) {
      return "run " + runId + ": " + lostLine(lost.instance(), instances, lost.host(), lost.pid(), lost.leaseMs(),
          lost.silentSeconds()) + "; no merged result";
    }
    Member failed = failed();
    if (failed != null) {
      return "run " + runId + ": instance " + failed.instance() + " of " + instances + " failed"
          + (failed.message() == null ? "" : " (" + failed.message() + ")") + "; no merged result";
    }
    TreeSet<Integer> missing = new TreeSet<>();
    for (int i = 1; i <= instances; i++) {
      missing.add(i);
    }
    List<String> running = new ArrayList<>();
    for (Member m : members) {
      missing.remove(m.instance());
      if (!m.kept()) {
        running.add(Integer.toString(m.instance()));
      }
    }
    return "run " + runId + ": " + (missing.isEmpty() ? "" : "instance(s) " + missing + " of " + instances
        + " never registered" + (running.isEmpty() ? "" : "; ")) + (running.isEmpty() ? ""
        : "instance(s) " + String.join(", ", running) + " still running") + "; no merged result";
  }

  /** The run as the database keeps it, or null when it has no instance there; creates nothing. */
  public static FleetRun read(Connection c, String runId) throws SQLException {
    if (!FleetTables.exist(c)) {
      return null;
    }
    List<Member> members = new ArrayList<>();
    int instances = 0;
    // the liveness and reuse columns are read through the row's JSON: tables an earlier version made lack them
    try (PreparedStatement ps = c.prepareStatement("SELECT instance, instances, host, pid, state, message, result,"
        + " registered_at, coalesce((to_jsonb(f) ->> 'lease_ms')::bigint, 0), extract(epoch FROM clock_timestamp()"
        + " - (to_jsonb(f) ->> 'heartbeat_at')::timestamptz), to_jsonb(f) ->> 'reused_by' FROM "
        + FleetTables.INSTANCES + " f WHERE run_id = ? ORDER BY instance")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          instances = Math.max(instances, rs.getInt(2));
          members.add(new Member(rs.getInt(1), rs.getString(3), rs.getLong(4), rs.getString(5), rs.getString(6),
              rs.getString(7), new LinkedHashMap<>(), instant(rs.getObject(8, OffsetDateTime.class)), rs.getLong(9),
              rs.getDouble(10), rs.getString(11)));
        }
      }
    }
    if (members.isEmpty()) {
      return null;
    }
    try (PreparedStatement ps = c.prepareStatement("SELECT instance, phase, started_at, ended_at FROM "
        + FleetTables.PHASES + " WHERE run_id = ? ORDER BY instance, phase")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          int instance = rs.getInt(1);
          int phase = rs.getInt(2);
          PhaseTimes times = new PhaseTimes(instant(rs.getObject(3, OffsetDateTime.class)),
              instant(rs.getObject(4, OffsetDateTime.class)));
          members.stream().filter(m -> m.instance() == instance).findFirst()
              .ifPresent(m -> m.phases().put(phase, times));
        }
      }
    }
    return new FleetRun(runId, instances, List.copyOf(members));
  }

  private static Instant instant(OffsetDateTime t) {
    return t == null ? null : t.toInstant();
  }

  /**
   * The run once it is complete or cannot be (an instance failed or is lost, or its id was given again), waiting up
   * to {@code wait} (0: not at all) and reading it again every second; null when it has no instance in the database.
   */
  public static FleetRun await(Connection c, String runId, Duration wait, Consumer<String> notes)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    long nextNote = System.nanoTime();
    while (true) {
      FleetRun run = read(c, runId);
      if (run != null && (run.complete() || run.ended()) || System.nanoTime() - deadline >= 0) {
        return run;
      }
      if (System.nanoTime() - nextNote >= 0) {
        notes.accept(run == null ? "run " + runId + ": no instance registered yet; waiting"
            : run.whyIncomplete().replace("; no merged result", "; waiting"));
        nextNote = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      }
      Thread.sleep(1000);
    }
  }
}
