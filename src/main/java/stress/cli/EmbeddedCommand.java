package stress.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import stress.app.KeptServerJob;
import stress.app.process.ExitCode;

/** {@code stress embedded start|status|stop|reset}: the embedded PostgreSQL that keeps its data between commands. */
@Command(name = "embedded", usageHelpAutoWidth = true,
    description = {"Start, show, stop or reset the embedded PostgreSQL that keeps its data between commands.",
        "While it runs, every command given no connection uses it instead of starting a server of its own, so"
            + " tables made by import or init stay for explain, index and run. Its data directory is"
            + " $STRESS_EMBEDDED_DIR, else ~/.cache/stress/embedded (or $XDG_CACHE_HOME/stress/embedded).",
        "status exits 0 when the server runs and 3 when it does not, as pg_ctl status."})
final class EmbeddedCommand implements Callable<Integer> {
  enum Action { start, status, stop, reset }

  @ParentCommand
  StressCommand root;

  @Parameters(index = "0", paramLabel = "ACTION", description = "start (keeps running after this command), status,"
      + " stop (the data stays) or reset (stops it and deletes its data). Candidates: ${COMPLETION-CANDIDATES}.")
  Action action;

  @Option(names = "--port", paramLabel = "N",
      description = "start: the port to listen on (localhost). Default: a free port chosen at each start.")
  Integer port;

  @Option(names = "--preload", paramLabel = "LIBRARY",
      description = "start: a server library loaded at this and every later start (shared_preload_libraries, kept in"
          + " the data directory), e.g. pg_stat_statements for the server-side split of run --against; none: no"
          + " library. Default: as the last start left it.")
  String preload;

  @Override
  public Integer call() {
    if (port != null && action != Action.start) {
      throw new stress.model.UsageException("--port applies to 'embedded start', not to 'embedded " + action + "'");
    }
    if (preload != null && action != Action.start) {
      throw new stress.model.UsageException("--preload applies to 'embedded start', not to 'embedded " + action + "'");
    }
    KeptServerJob job = KeptServerJob.atDefaultDirectory(root.out);
    ExitCode code = switch (action) {
      case start -> job.start(port, preload);
      case status -> job.status();
      case stop -> job.stop();
      case reset -> job.reset();
    };
    return code.code();
  }
}
