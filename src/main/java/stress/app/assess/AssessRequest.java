package stress.app.assess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import stress.connect.ConnectionOptions;

/**
 * What {@code stress assess} was asked: the application's data (a dump), its operations (mongod logs, or a workload
 * directory), the target (a PostgreSQL server, or the kept embedded one), a MongoDB server to check answers against,
 * the latency objective of its capacity, and the time it may take.
 *
 * @param dump       mongodump output (a directory, a .bson file or an archive), or null
 * @param logs       mongod logs, or empty
 * @param workload   a workload directory ({@code application.yaml}) or file to use instead of a log, or null
 * @param out        the assessment's folder: its report, each step's evidence, and what a re-run resumes from
 * @param connection the target, empty for the kept embedded PostgreSQL
 * @param against    a MongoDB(-compatible) server's URL for the answer checks, or null
 * @param slo        the latency objective of the capacity ({@code p99<=20ms}), or null for none
 * @param budget     how long the assessment may take
 * @param app        the only application of the logs whose entries are used, or null
 * @param seed       the seed of every draw
 * @param dropExisting whether the import replaces tables of the same names (else it refuses them)
 */
public record AssessRequest(Path dump, List<Path> logs, Path workload, Path out, ConnectionOptions connection,
                            String against, String slo, Duration budget, String app, long seed,
                            boolean dropExisting) {
  public AssessRequest {
    logs = List.copyOf(logs);
  }

  /** Whether the application's operations come from a log (else from a workload, or the dump alone). */
  public boolean fromLog() {
    return !logs.isEmpty();
  }
}
