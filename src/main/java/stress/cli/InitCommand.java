package stress.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;
import stress.config.Defaults;
import stress.config.InitConfig;
import stress.model.Shape;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;

/** {@code stress init}: create the document tables and fill them with generated documents. */
@Command(name = "init", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Create the document table and its copy table <table>_copy for the detected target and fill"
        + " both with generated documents, keys 1..N. Existing tables are never touched unless asked."})
final class InitCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Mixin
  DocumentSetArgs documents;

  @Mixin
  TableArgs tables;

  // --jobs, --distribute-by and --reference differ from import's: init fills one table, import one per collection
  @Option(names = "--jobs", paramLabel = "N", defaultValue = Defaults.LOAD_JOBS,
      description = "Parallel COPY streams. Default: ${DEFAULT-VALUE}.")
  int jobs;

  @Option(names = "--distribute-by", paramLabel = "[TABLE=]PATH",
      description = "Distribute the table by the value at document PATH of the generated documents, kept in a column"
          + " of its own (docs/layouts.md).")
  String distributeBy;

  @Option(names = "--reference", paramLabel = "TABLE", description = "Replicate the table to every node.")
  String reference;

  @Mixin
  ExistingTableArgs existing;

  @Option(names = "--unlogged", description = "Create the tables UNLOGGED: no WAL, so writes are cheaper, but a crash"
      + " empties them and replicas do not get them (seed 002's insert tables).")
  boolean unlogged;

  @Mixin
  CommandResultArgs result;

  @Override
  public Integer call() throws Exception {
    Path json = result.writableFile();
    if (existing.dropExisting && existing.reuse) {
      throw new UsageException("--drop-existing and --reuse exclude each other");
    }
    if (unlogged && existing.reuse) {
      throw new UsageException("--unlogged applies to the tables init creates; --reuse keeps existing tables"
          + " as they are (logged or not): use --drop-existing to recreate them unlogged");
    }
    ExistingTablePolicy policy = existing.dropExisting ? ExistingTablePolicy.DROP_EXISTING
        : existing.reuse ? ExistingTablePolicy.REUSE : ExistingTablePolicy.FAIL_IF_EXISTS;
    stress.model.TableName table = tables.name();
    InitConfig config = new InitConfig(documents.docs, Shape.parse(documents.shape), documents.seed, table.schema(),
        table.name(), policy, jobs, unlogged, keyPath(), reference != null && named("--reference", reference));
    return Commands.init(config, connection.toOptions(root.connection), json, root.out).code();
  }

  /** The path of {@code --distribute-by [TABLE=]PATH}; a TABLE other than the one init makes is refused. */
  private String keyPath() {
    if (distributeBy == null) {
      return null;
    }
    int eq = distributeBy.indexOf('=');
    if (eq >= 0) {
      named("--distribute-by", distributeBy.substring(0, eq));
    }
    return distributeBy.substring(eq + 1);
  }

  /** True when {@code name} is the table init makes ({@code table} or {@code schema.table}); else refused. */
  private boolean named(String option, String name) {
    stress.model.TableName made = tables.name();
    stress.model.TableName given = stress.model.TableName.parse(option, name);
    if (!given.name().equals(made.name()) || given.schema() != null && !given.schema().equals(made.schema())) {
      throw new UsageException(option + " names table " + given.typed() + ", but init makes " + made.typed());
    }
    return true;
  }
}
