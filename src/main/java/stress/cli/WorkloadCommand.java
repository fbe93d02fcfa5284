package stress.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.LogWorkloadJob;
import stress.config.Defaults;
import stress.model.UsageException;

/** {@code stress workload --from-log}: workload files from a MongoDB application's own logs. */
@Command(name = "workload", usageHelpAutoWidth = true,
    description = {"Write workload files from mongod logs: the structured JSON logs of MongoDB 4.4 and later (plain"
        + " or .gz), the plain-text logs of 4.2 and earlier (tested on 3.6 and 4.0), profiler documents (exported as"
        + " JSON or dumped as BSON), and tar archives of such files. From them: the application's"
        + " finds, counts, distincts, aggregates, updates, deletes and findAndModifys grouped into shapes, weighted"
        + " as logged, one file per collection, with what MongoDB recorded; every entry used or skipped with its"
        + " reason."})
final class WorkloadCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Option(names = "--from-log", paramLabel = "LOG", arity = "1..*", required = true,
      description = "mongod log files, read in order: JSON logs (4.4 and later), plain-text logs (4.2 and earlier),"
          + " profiler documents, or tar archives of them.")
  List<Path> logs;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "workloads",
      description = "Where the files go, one <table>.yaml per collection and application.yaml (default:"
          + " ${DEFAULT-VALUE}); new or empty, unless --force.")
  Path out;

  @Option(names = "--force", description = "Clear --out DIR first when it holds files (of an earlier derivation):"
      + " without it such a directory is refused, since its old files would run beside the new ones.")
  boolean force;

  @Option(names = "--app", paramLabel = "NAME",
      description = "Use only the entries of this application (the log's appName); the summary lists them all.")
  String app;

  @Option(names = "--table", paramLabel = "NS=TABLE",
      description = "The table of namespace NS (db.collection) instead of the one import names; repeatable.")
  List<String> tables = List.of();

  @Option(names = "--table-prefix", paramLabel = "PREFIX", defaultValue = "",
      description = "As import's --table-prefix: prepended to the derived table names.")
  String prefix;

  @Option(names = "--dump", paramLabel = "DIR",
      description = "The collections' mongodump output (as import reads it): an insert writes its collection's first"
          + " document under a new key. Without it inserts are skipped (a log holds no inserted documents).")
  Path dump;

  @Option(names = "--lower-case-names", description = "As import's --lower-case-names.")
  boolean lowerCase;

  @Option(names = "--stand-in", description = "Also write stand-in collections under DIR/stand-in (as mongodump"
      + " writes them; load them with 'stress import DIR/stand-in'): for each collection the log shows, documents"
      + " built from the values its statements compare and write, so the operations find documents where the"
      + " application's data is not at hand. The figures measured on them describe that data, not the application's.")
  boolean standIn;

  @Option(names = "--seed", paramLabel = "N",
      description = "With --stand-in: the seed of the stand-in collections' generated keys (default: " + Defaults.SEED
          + ").")
  Long seed;

  @Override
  public Integer call() {
    if (seed != null && !standIn) {
      throw new UsageException("--seed " + seed + ": only with --stand-in (it seeds the stand-in collections' keys)");
    }
    LogWorkloadJob.prepareOut(out, force);
    return LogWorkloadJob.run(logs, out, app, tables, prefix, lowerCase, dump, standIn,
        seed != null ? seed : Long.parseLong(Defaults.SEED), root.out).code();
  }
}
