package stress.app.setup;

import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import stress.config.RunConfig;
import stress.model.PreferQueryMode;
import stress.model.StatementMode;
import stress.runner.PhaseSpec;
import stress.server.pooler.PoolerInfo;
import stress.server.pooler.PreparedTrial;

/**
 * Server-side prepared statements through a pooler, checked before measuring as answers are before
 * {@code run --against}: where the pooler may move a client's transactions between server connections and is not
 * known to keep prepared statements, {@link PreparedTrial} tries them; a failure gives one line and the prepared
 * phases are removed, instead of hundreds of raw errors in the phases.
 */
public final class PooledPrepared {
  /** The setting of the header and result file that says why the prepared combinations are left out. */
  public static final String REPORT_KEY = "prepared statements through the pooler";

  private PooledPrepared() {}

  /**
   * Tries prepared statements through the pooler when a prepared phase {@code through} it (the run's own connection,
   * or one road of {@code --via}) would prepare on the server; on failure removes those prepared phases from
   * {@code phases} and returns the line saying so, with the fixes for the run's kind of worker.
   */
  public static Optional<String> check(Optional<PoolerInfo> pooler, List<PhaseSpec> phases,
                                       Predicate<PhaseSpec> through, RunConfig config)
      throws SQLException, InterruptedException {
    int prepareThreshold = config.prepareThreshold();
    PreferQueryMode queryMode = config.queryMode();
    Optional<PhaseSpec> prepared = phases.stream().filter(p -> through.test(p) && p.mode() == StatementMode.PREPARED)
        .findFirst();
    if (pooler.isEmpty() || pooler.get().keepsPreparedStatements() || prepared.isEmpty() || prepareThreshold == 0
        || queryMode == PreferQueryMode.SIMPLE) {
      return Optional.empty();
    }
    Optional<String> failure = PreparedTrial.failure(prepared.get().connection(), prepareThreshold);
    if (failure.isEmpty()) {
      return Optional.empty();
    }
    phases.removeIf(p -> through.test(p) && p.mode() == StatementMode.PREPARED);
    return Optional.of(PreparedTrial.line(pooler.get(), failure.get(), phases.stream().anyMatch(through),
        config.workerThreads().eventLoop()));
  }
}
