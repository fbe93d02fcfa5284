package stress.cli;

import java.util.List;
import picocli.CommandLine.Option;
import stress.config.Defaults;
import stress.model.PreferQueryMode;
import stress.model.UsageException;

/**
 * The connections of a run's phases: the pool kinds to compare, the pool's size and c3p0's statement cache, and
 * pgjdbc's prepare threshold and query mode.
 */
final class PoolArgs {
  @Option(names = "--pool", paramLabel = "KIND[,KIND...]", defaultValue = Defaults.POOL,
      description = "none (each thread holds its own connection), hikari, c3p0; several to compare. Default: ${DEFAULT-VALUE}.")
  String pool;

  @Option(names = "--pool-size", paramLabel = "N", description = "Connections in the pool. Default: the thread count.")
  Integer poolSize;

  @Option(names = "--c3p0-max-statements", paramLabel = "N", defaultValue = Defaults.C3P0_MAX_STATEMENTS,
      description = "c3p0's statement cache (maxStatements), 0 = off. Default: ${DEFAULT-VALUE}.")
  int c3p0MaxStatements;

  @Option(names = "--prepare-threshold", paramLabel = "N", defaultValue = Defaults.PREPARE_THRESHOLD,
      description = "pgjdbc prepareThreshold: executions before a server-side prepared statement is used. Default: ${DEFAULT-VALUE}.")
  int prepareThreshold;

  @Option(names = "--query-mode", paramLabel = "MODE", defaultValue = Defaults.QUERY_MODE,
      description = "pgjdbc preferQueryMode: extended, extendedForPrepared, extendedCacheEverything, simple. Default: ${DEFAULT-VALUE}.")
  String queryMode;

  /** The pool kinds, in the order given. */
  List<String> kinds() {
    return RunArgs.split(pool);
  }

  /** pgjdbc's preferQueryMode; a problem is added to {@code problems} (null is returned then). */
  PreferQueryMode queryMode(List<String> problems) {
    return RunArgs.attempt(problems, () -> queryMode(queryMode));
  }

  private static PreferQueryMode queryMode(String name) {
    try {
      return PreferQueryMode.fromDriverName(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--query-mode must be one of " + PreferQueryMode.allowedNames() + ", got '"
          + name + "'");
    }
  }
}
