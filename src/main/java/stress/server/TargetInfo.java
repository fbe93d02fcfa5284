package stress.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the server under test is: its kind, versions and the cluster facts that matter for a run.
 * Serialises with Jackson as plain fields; the node details that do not apply to the kind are null.
 *
 * @param kind           what the connection reached
 * @param version        the full {@code SELECT version()} string
 * @param serverVersion  the PostgreSQL core version
 * @param productVersion the distributed product's own version: Citus {@code 13.2.2}, Postgres-XL
 *                       {@code 10r1.1}, Greenplum {@code gp_server_version}; null for plain PostgreSQL
 * @param citus          Citus cluster facts, only for Citus kinds
 * @param xl             Postgres-XL node facts, only for Postgres-XL kinds
 * @param greenplum      Greenplum segment facts, only for {@link TargetKind#GREENPLUM}
 */
public record TargetInfo(TargetKind kind, String version, ServerVersion serverVersion, String productVersion,
                         CitusNode citus, XlNodes xl, GreenplumSegments greenplum) {

  public TargetInfo {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(serverVersion, "serverVersion");
    boolean isCitus = kind == TargetKind.CITUS_COORDINATOR || kind == TargetKind.CITUS_WORKER;
    boolean isXl = kind == TargetKind.XL_COORDINATOR || kind == TargetKind.XL_DATANODE;
    requireDetailsFor(kind, "Citus", citus, isCitus);
    requireDetailsFor(kind, "Postgres-XL", xl, isXl);
    requireDetailsFor(kind, "Greenplum", greenplum, kind == TargetKind.GREENPLUM);
  }

  /** Plain PostgreSQL with no cluster details. */
  public static TargetInfo postgres(String version, ServerVersion serverVersion) {
    return new TargetInfo(TargetKind.POSTGRESQL, version, serverVersion, null, null, null, null);
  }

  /** Human-readable facts for {@code stress detect}, one per line, e.g. {@code target: Citus coordinator}. */
  public List<String> describeLines() {
    List<String> lines = new ArrayList<>();
    lines.add("target: " + kind.displayName());
    lines.add("postgresql: " + serverVersion);
    switch (kind) {
      case CITUS_COORDINATOR, CITUS_WORKER -> {
        lines.add("citus: " + productVersion);
        lines.add("workers: " + citus.activeWorkers() + " active");
        lines.add("shard count: " + (citus.shardCount() == null ? "unknown" : citus.shardCount()));
      }
      case XL_COORDINATOR, XL_DATANODE -> {
        lines.add("postgres-xl: " + (productVersion == null ? "unknown" : productVersion));
        lines.add("node: " + xl.nodeName());
        lines.add("coordinators: " + namesOrNone(xl.coordinators()));
        lines.add("datanodes: " + namesOrNone(xl.datanodes()));
      }
      case GREENPLUM -> {
        lines.add("greenplum: " + (productVersion == null ? "unknown" : productVersion));
        lines.add("segments: " + greenplum.primarySegments() + " primary");
      }
      case POSTGRESQL -> { }
    }
    lines.add("version: " + version);
    return lines;
  }

  private static String namesOrNone(List<String> names) {
    return names.isEmpty() ? "(none)" : names.size() + " (" + String.join(", ", names) + ")";
  }

  private static void requireDetailsFor(TargetKind kind, String product, Object details, boolean applies) {
    if (applies && details == null) {
      throw new IllegalArgumentException(kind.displayName() + " needs its " + product + " details");
    }
    if (!applies && details != null) {
      throw new IllegalArgumentException(kind.displayName() + " must not carry " + product + " details");
    }
  }
}
