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

  /** One instance: where it ran, how it ended, its result and its phases' times by the database's clock. */
  public record Member(int instance, String host, long pid, String state, String message, String result,
                       Map<Integer, PhaseTimes> phases) {}

  /** When an instance started and ended a phase, by the database's clock (null when it did not). */
  public record PhaseTimes(Instant started, Instant ended) {}

  /** Every instance has kept its result ('done', or 'interrupted' with a partial one). */
  public boolean complete() {
    return members.size() == instances
        && members.stream().allMatch(m -> m.state().equals("done") || m.state().equals("interrupted"));
  }

  /** The first failed instance, if any. */
  public Member failed() {
    return members.stream().filter(m -> m.state().equals("failed")).findFirst().orElse(null);
  }

  /** Why there is no merged result yet, one line naming the run and the instances. */
  public String whyIncomplete() {
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
      if (!m.state().equals("done") && !m.state().equals("interrupted")) {
        running.add(Integer.toString(m.instance()));
      }
    }
    return "run " + runId + ": " + (missing.isEmpty() ? "" : "instance(s) " + missing + " of " + instances
        + " never registered" + (running.isEmpty() ? "" : "; ")) + (running.isEmpty() ? ""
        : "instance(s) " + String.join(", ", running) + " still running") + "; no merged result";
  }

  /** The run as the database keeps it, or null when it has no instance there. */
  public static FleetRun read(Connection c, String runId) throws SQLException {
    FleetTables.create(c);
    List<Member> members = new ArrayList<>();
    int instances = 0;
    try (PreparedStatement ps = c.prepareStatement("SELECT instance, instances, host, pid, state, message, result FROM "
        + FleetTables.INSTANCES + " WHERE run_id = ? ORDER BY instance")) {
      ps.setString(1, runId);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          instances = Math.max(instances, rs.getInt(2));
          members.add(new Member(rs.getInt(1), rs.getString(3), rs.getLong(4), rs.getString(5), rs.getString(6),
              rs.getString(7), new LinkedHashMap<>()));
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
   * The run once it is complete or one of its instances failed, waiting up to {@code wait} (0: not at all) and
   * reading it again every second; null when it has no instance in the database.
   */
  public static FleetRun await(Connection c, String runId, Duration wait, Consumer<String> notes)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    long nextNote = System.nanoTime();
    while (true) {
      FleetRun run = read(c, runId);
      if (run != null && (run.complete() || run.failed() != null) || System.nanoTime() - deadline >= 0) {
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
