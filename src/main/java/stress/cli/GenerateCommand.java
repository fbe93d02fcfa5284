package stress.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import stress.app.data.GenerateRequest;
import stress.app.Commands;
import stress.config.Defaults;
import stress.model.Shape;

/** {@code stress generate}: write generated documents as mongodump output (directory or archive). */
@Command(name = "generate", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Write generated documents, keys 1..N, as mongodump 100.x output: DIR/<db>/<collection>.bson"
        + " with .metadata.json (and prelude.json), or one --archive file; --gzip compresses like mongodump --gzip."
        + " The same options and seed always give the same bytes. No database is needed."})
final class GenerateCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  DocumentSetArgs documents;

  @Option(names = "--collections", paramLabel = "K", defaultValue = "1",
      description = "Split the documents over K collections in contiguous key ranges (<name>_1..<name>_K)."
          + " Default: ${DEFAULT-VALUE}.")
  int collections;

  @Option(names = "--db", paramLabel = "NAME", defaultValue = Defaults.DUMP_DATABASE,
      description = "Database name in the dump. Default: ${DEFAULT-VALUE}.")
  String database;

  @Option(names = "--collection", paramLabel = "NAME",
      description = "Collection name (prefix with --collections). Default: check_in for small, orders for large.")
  String collection;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Target target;

  @Option(names = "--gzip", description = "gzip every file (.bson.gz, .metadata.json.gz), or the whole archive.")
  boolean gzip;

  @Option(names = "--force", description = "Write into a non-empty --out directory (files of the same names are"
      + " replaced) or replace an existing --archive file.")
  boolean force;

  @Mixin
  CommandResultArgs result;

  /** Where the dump goes: a directory or an archive file, as with mongodump. */
  static final class Target {
    @Option(names = "--out", paramLabel = "DIR", required = true,
        description = "Dump directory; the files go to DIR/<db>/.")
    Path out;

    @Option(names = "--archive", paramLabel = "FILE", required = true,
        description = "Write one mongodump --archive file instead of a directory.")
    Path archive;
  }

  @Override
  public Integer call() throws Exception {
    Path json = result.writableFile();
    GenerateRequest request = GenerateRequest.of(documents.docs, Shape.parse(documents.shape), documents.seed, database,
        collection, collections, target.out, target.archive, gzip, force);
    return Commands.generate(request, json, root.out).code();
  }
}
