package stress.live;

/** Names of the meters this package registers (Prometheus adds the unit and {@code _total} suffixes). */
public final class MeterNames {
  private MeterNames() {}

  /** Timer per operation and outcome: {@code stress_operations_seconds_count/_sum/_max/_bucket}. */
  public static final String OPERATIONS = "stress.operations";
  /** Counter of connections a worker had to open again: {@code stress_reconnects_total}. */
  public static final String RECONNECTS = "stress.reconnects";
  /** Gauge of workers inside their loop: {@code stress_threads_active}. */
  public static final String ACTIVE_THREADS = "stress.threads.active";

  /** Tag of the outcome: {@code success} or {@code error}. */
  public static final String OUTCOME = "outcome";
  /** Tag of the SQLState: empty on successes (Prometheus treats an empty label as absent). */
  public static final String SQLSTATE = "sqlstate";
  /** Tag of the stage: {@code warmup} or {@code measure}. */
  public static final String STAGE = "stage";
}
