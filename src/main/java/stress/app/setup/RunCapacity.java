package stress.app.setup;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import stress.model.UsageException;
import stress.runner.HostSources;
import stress.runner.PhaseSpec;
import stress.server.pooler.PoolerInfo;
import stress.runner.Runner;

/**
 * What a run cannot do, refused before it starts instead of failing in the middle: more connections than the
 * server has free slots (read once before the run), and more latency recorders than this JVM's heap holds.
 * Each refusal is one line naming the option, its value and the rule. Slots taken by other sessions after the
 * check still stop a phase when the server refuses them (SQLState 53300).
 */
public final class RunCapacity {
  private RunCapacity() {}

  /**
   * The server's connection slots as one session sees them before the run.
   *
   * @param maxConnections its {@code max_connections}
   * @param reserved       slots this user may not take (superuser_reserved_connections and, from PostgreSQL 16,
   *                       reserved_connections), 0 for a superuser
   * @param inUse          client sessions open on the server besides the one that read this
   */
  public record Slots(int maxConnections, int reserved, int inUse) {
    /** The connections this user can still open. */
    int free() {
      return Math.max(0, maxConnections - reserved - inUse);
    }

    String describe() {
      return "max_connections " + maxConnections + (reserved > 0 ? ", " + reserved + " reserved for superusers" : "")
          + ", " + inUse + " in use by other sessions";
    }
  }

  private static final String READ_SLOTS = "SELECT current_setting('max_connections')::int,"
      + " CASE WHEN r.rolsuper THEN 0 ELSE current_setting('superuser_reserved_connections')::int"
      + "   + CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'pg_use_reserved_connections')"
      + "       AND pg_has_role(current_user, 'pg_use_reserved_connections', 'MEMBER') THEN 0"
      + "     ELSE coalesce(current_setting('reserved_connections', true)::int, 0) END END,"
      + " (SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend')"
      + " FROM pg_roles r WHERE r.rolname = current_user";

  /**
   * The slots as {@code c}'s server reports them, or empty where it cannot say (a server before PostgreSQL 10 has
   * no backend_type to tell client sessions by): the server's own refusal then remains the check.
   */
  public static Optional<Slots> read(Connection c) {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(READ_SLOTS)) {
      Optional<Slots> slots = rs.next() ? Optional.of(new Slots(rs.getInt(1), rs.getInt(2), rs.getInt(3)))
          : Optional.empty();
      if (!c.getAutoCommit()) {
        c.rollback();
      }
      return slots;
    } catch (SQLException e) {
      try {
        if (!c.getAutoCommit()) {
          c.rollback();
        }
      } catch (SQLException ignored) {
        // the connection is only used to read; the check is skipped
      }
      return Optional.empty();
    }
  }

  /**
   * Refuses phases that need more connections on host {@code hostIndex} of {@code hosts} than {@code slots} has
   * free, naming the first such phase.
   *
   * @param poolSize {@code --pool-size}, or null when a pool has as many connections as its host's threads
   * @param where {@code ""} for a run on one server, else {@code "on host h1:5432 of --hosts, "}
   */
  public static void checkSlots(Slots slots, List<PhaseSpec> phases, Integer poolSize, int hostIndex, int hosts,
                                String where) {
    for (PhaseSpec phase : phases) {
      int threads = HostSources.threadsOn(hostIndex, hosts, phase.threads());
      boolean pooled = !phase.poolKind().equals("none");
      int needed = connections(pooled, poolSize, threads);
      if (needed <= slots.free()) {
        continue;
      }
      String option = pooled && poolSize != null ? "--pool-size " + poolSize
          : "--threads " + phase.threads();
      String why = !pooled ? "one per thread"
          : poolSize != null ? "the pool's size" : "a pool as large as its threads, without --pool-size";
      throw new UsageException(option + ": " + where + "the server has " + slots.free() + " free connection slots ("
          + slots.describe() + ") and phase '" + phase.label() + "' needs " + needed
          + (hosts > 1 ? " there" : "") + " (" + why + "); a run may not open more connections than the server has"
          + " free. Lower " + (pooled ? "--pool-size or --threads" : "--threads") + " or raise max_connections");
    }
  }

  /** The connections a phase opens: its pool's size where a pool is sized, else one per thread. */
  private static int connections(boolean pooled, Integer poolSize, int threads) {
    return pooled && poolSize != null ? poolSize : threads;
  }

  /**
   * Refuses a phase that would open more client connections through a pooler than its {@code max_client_conn} (where
   * the pooler told it): the pooler would refuse the rest, and the run would measure refusals.
   */
  public static void checkPoolerClients(List<PhaseSpec> phases, Integer poolSize,
                                        java.util.function.Function<PhaseSpec, PoolerInfo> poolerOf) {
    for (PhaseSpec phase : phases) {
      PoolerInfo pooler = poolerOf.apply(phase);
      boolean pooled = !phase.poolKind().equals("none");
      int needed = connections(pooled, poolSize, phase.threads());
      if (pooler != null && pooler.maxClientConn() != null && needed > pooler.maxClientConn()) {
        throw new UsageException((pooled && poolSize != null ? "--pool-size " + poolSize : "--threads "
            + phase.threads()) + ": phase '" + phase.label() + "' opens " + needed + " client connections through "
            + pooler.product() + ", whose max_client_conn is " + pooler.maxClientConn() + "; lower it, or raise"
            + " max_client_conn in the pooler's settings");
      }
    }
  }

  /**
   * Refuses a run whose largest phase ({@code --threads}) running {@code operations} operations has latency recorders
   * that alone need more heap than {@code maxHeapBytes} ({@link Runner#recorderHeapBytes}): the JVM would run out of
   * memory before the phase starts or at its first interval.
   */
  public static void checkHeap(List<Integer> threadCounts, int operations, long maxHeapBytes) {
    int threads = threadCounts.stream().mapToInt(Integer::intValue).max().orElse(1);
    long needed = Runner.recorderHeapBytes(threads, operations);
    if (needed <= maxHeapBytes) {
      return;
    }
    long perWorker = Runner.recorderHeapBytes(1, 1);
    throw new UsageException("--threads " + threads + ": the latency recorders of " + threads + " workers running "
        + operations + (operations == 1 ? " operation" : " operations") + " need at least " + size(needed)
        + " of heap (" + size(perWorker) + " per worker and operation), more than this JVM's maximum heap of "
        + size(maxHeapBytes) + "; lower --threads, split the run over processes (--instance i/n, then stress merge)"
        + " or give the JVM more heap (java -Xmx...)");
  }

  private static String size(long bytes) {
    double mb = bytes / (1024.0 * 1024.0);
    return mb >= 1024 ? String.format(Locale.ROOT, "%.1f GB", mb / 1024) : String.format(Locale.ROOT, "%.1f MB", mb);
  }
}
