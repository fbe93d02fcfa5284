package stress.config;

/** Every default of the tool, in one place. Options show these in their help text. */
public final class Defaults {
  private Defaults() {}

  public static final String OPERATION = "find_first";
  public static final String THREADS = "8";
  public static final String DURATION = "10s";
  public static final String WARMUP = "2s";
  public static final String REPORT_INTERVAL = "1s";
  public static final String MODE = "prepared";
  public static final String POOL = "none";
  public static final String C3P0_MAX_STATEMENTS = "0";
  /** pgjdbc's own default: server-side prepare from the 5th execution of a PreparedStatement. */
  public static final String PREPARE_THRESHOLD = "5";
  /** pgjdbc's own default. */
  public static final String QUERY_MODE = "extended";
  public static final String DISTRIBUTION = "uniform";
  public static final String ZIPF_CONSTANT = "0.99";
  public static final String BATCH = "40";
  public static final String LIMIT_MIN = "100";
  public static final String LIMIT_MAX = "10100";
  public static final String FETCH_SIZE = "1000";
  /** The seed article's table name. */
  public static final String TABLE = "check_in";
  public static final String SEED = "42";
  /**
   * Each phase once: a run costs what it says (phases × (warm-up + duration)); a comparison then says it has no noise
   * estimate and that --rounds 5 gives one.
   */
  public static final String ROUNDS = "1";
  /** Keys read from a table whose keys are not a dense integer range. */
  public static final String KEY_SAMPLE = "100000";
  public static final String DOCS = "100000";
  public static final String SHAPE = "small";
  /** One process alone inserts into the table. */
  public static final String INSTANCE = "1/1";
  /** How long an instance of a run of several waits at a phase's start for the others. */
  public static final String BARRIER_TIMEOUT = "5m";
  /** How often an instance of a run renews its heartbeat; silent for three times that, it is lost. */
  public static final String HEARTBEAT = "5s";
  public static final String LOAD_JOBS = "2";

  /**
   * Load streams of an import when --jobs is not given: the client's cores, at least 2 and at most 8, so that one big
   * collection is converted and sent on every core the client has (8 streams already outrun a 2-worker cluster).
   */
  public static int importJobs() {
    return Math.max(2, Math.min(8, Runtime.getRuntime().availableProcessors()));
  }

  /** import: documents and megabytes per COPY batch, and the rejects file (load.importer.ImportRequest's defaults). */
  public static final String IMPORT_BATCH_DOCS = "50000";
  public static final String IMPORT_BATCH_MB = "8";
  public static final String IMPORT_REJECTS = "import-rejects.jsonl";
  /** Database name of dumps written by {@code stress generate}. */
  public static final String DUMP_DATABASE = "stress";
  public static final String CONNECT_TIMEOUT = "10s";
  public static final String STATEMENT_TIMEOUT = "30s";
  /** Longer than the statement timeout, so the server's cancel arrives before the client gives up. */
  public static final String SOCKET_TIMEOUT = "60s";
}
