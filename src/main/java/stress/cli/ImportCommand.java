package stress.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import stress.app.Commands;
import stress.config.Defaults;
import stress.config.ImportConfig;
import stress.model.MongoUrl;
import stress.model.UsageException;

/** {@code stress import}: mongodump output into document tables. */
@Command(name = "import", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Import mongodump output (a dump root, a database directory, a .bson or .bson.gz file, or an"
        + " --archive file, plain or gzipped) or a mongoexport JSON file (one document a line or --jsonArray, plain or"
        + " gzipped; the collection is the file's name or --collection NAME) into document tables (_id, data jsonb) created for the detected target,"
        + " each with an empty copy table <table>_copy. Each document becomes one row holding the whole document as"
        + " Extended JSON; the _id column type is detected from the data."},
    footer = {"",
        "Table names: --table NAME for a single collection; otherwise <prefix><db>_<collection>, names kept as"
            + " MongoDB spells them. A name over 58 bytes (63 minus '_copy') keeps its first 49 bytes plus '_' and 8 hex"
            + " digits of the SHA-256 of the full name. Names that would collide stop the import before anything is"
            + " created.",
        "Nothing is lost: every document read is loaded or written to the rejects file (JSON lines: file, offset,"
            + " index, reason, the document as relaxed JSON when readable and as base64 BSON); documents loaded with one"
            + " value of a repeated field name (--repeated-fields last|first) are listed there too, action \"loaded\".",
        "Exit codes: 0 every document loaded; 3 documents rejected or a collection stopped at corrupt input;"
            + " 1 a collection failed (table exists, server error); 2 bad usage; 130/143 interrupted (--resume continues)."})
final class ImportCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  ConnectionArgs connection;

  @Parameters(index = "0", arity = "0..1", paramLabel = "PATH",
      description = "Dump root, database directory, .bson/.bson.gz file (its .metadata.json is read when next to it),"
          + " or mongoexport JSON file.")
  Path path;

  @Option(names = "--archive", paramLabel = "FILE",
      description = "A mongodump --archive file, plain or gzipped (instead of PATH).")
  Path archive;

  @Option(names = "--db", paramLabel = "PATTERN", split = ",",
      description = "Databases to import (glob: * and ?); repeatable. Default: all; with --to, the database its URL"
          + " names, if any.")
  List<String> databases = new ArrayList<>();

  @Option(names = "--collection", paramLabel = "PATTERN", split = ",",
      description = "Collections to import (glob); repeatable. Default: all.")
  List<String> collections = new ArrayList<>();

  @Option(names = "--exclude-db", paramLabel = "PATTERN", split = ",", description = "Databases to leave out (glob).")
  List<String> excludeDatabases = new ArrayList<>();

  @Option(names = "--exclude-collection", paramLabel = "PATTERN", split = ",",
      description = "Collections to leave out (glob).")
  List<String> excludeCollections = new ArrayList<>();

  @Option(names = "--system-collections",
      description = "Also import system.* collections (time-series buckets, system.version, ...). Default: skipped.")
  boolean systemCollections;

  // not TableArgs: import names its tables after the collections, so its --table names one and has no default
  @Option(names = "--schema", paramLabel = "NAME", description = "Schema of the tables. Default: the search path.")
  String schema;

  @Option(names = "--table", paramLabel = "NAME", description = "Table for a single collection: TABLE or SCHEMA.TABLE,"
      + " read as PostgreSQL reads names (at most 58 bytes).")
  String table;

  @Option(names = "--table-prefix", paramLabel = "PREFIX", defaultValue = "",
      description = "Prepended to every derived table name <db>_<collection>.")
  String tablePrefix;

  @Option(names = "--lower-case-names", description = "Fold the ASCII letters of derived table names to lower case,"
      + " as PostgreSQL folds unquoted names (sample_Northwind.Orders -> sample_northwind_orders). Default: MongoDB's case.")
  boolean lowerCaseNames;

  @Mixin
  ExistingTableArgs existing;

  @Option(names = "--resume", description = "Continue an interrupted import: skip the batches its checkpoints"
      + " (table stress_import_progress) show as committed. Give the same path and options.")
  boolean resume;

  @Option(names = "--jobs", paramLabel = "N",
      description = "Parallel load streams (connections), shared by all collections, so one big collection is loaded by"
          + " all of them; as many collections are read at once. Default: this client's cores, 2 to 8.")
  Integer jobs;

  @Option(names = "--json-mode", paramLabel = "MODE", defaultValue = "relaxed",
      description = "Extended JSON v2 flavour of the data column: relaxed or canonical. Default: ${DEFAULT-VALUE}.")
  String jsonMode;

  @Option(names = "--id-type", paramLabel = "TYPE", description = "_id column type (integer, bigint, double, text, uuid)"
      + " instead of detecting it with a first pass over each collection; an _id that does not fit is rejected.")
  String idType;

  @Option(names = "--distribute-by", paramLabel = "NS=PATH", split = ",",
      description = "Distribute the table of collection NS (db.collection) by the value at document PATH, kept in a"
          + " column of its own (bigint, numeric, text or timestamptz, from the data); repeatable. A path holding"
          + " arrays refuses the import (docs/layouts.md).")
  List<String> distributeBy = new java.util.ArrayList<>();

  @Option(names = "--allow-missing-key",
      description = "Accept a --distribute-by path that over half of the documents lack: their rows get a null key"
          + " and all land on one node. Without it such an import is refused before anything is made.")
  boolean allowMissingKey;

  @Option(names = "--reference", paramLabel = "NS", split = ",",
      description = "Replicate the table of collection NS to every node (Citus reference table, Postgres-XL"
          + " DISTRIBUTE BY REPLICATION, Greenplum DISTRIBUTED REPLICATED); repeatable.")
  List<String> reference = new java.util.ArrayList<>();

  @Option(names = "--on-error", paramLabel = "abort|skip", defaultValue = "abort",
      description = "An undecodable document: abort stops its collection after the documents before it; skip rejects it"
          + " and reads on (a lost length prefix still stops). Default: ${DEFAULT-VALUE}.")
  String onError;

  @Option(names = "--on-duplicate", paramLabel = "reject|skip|update", defaultValue = "reject",
      description = "A document whose _id is already in the table: reject (rejects file, exit 3), skip (rejects file,"
          + " marked skipped, exit unaffected) or update (replaces the row). Default: ${DEFAULT-VALUE}.")
  String onDuplicate;

  @Option(names = "--repeated-fields", paramLabel = "reject|last|first", defaultValue = "reject",
      description = "A document holding the same field name twice in one object (MongoDB keeps both; jsonb keeps one):"
          + " reject (rejects file, exit 3), last (every value written, jsonb keeps the last) or first (later values"
          + " left out); loaded ones are listed in the rejects file, exit unaffected. Default: ${DEFAULT-VALUE}.")
  String repeatedFields;

  @Option(names = "--rejects", paramLabel = "FILE", defaultValue = Defaults.IMPORT_REJECTS,
      description = "Rejects file (JSON lines), replaced at the start, appended to with --resume. Default: ${DEFAULT-VALUE}.")
  Path rejects;

  @Option(names = "--batch-docs", paramLabel = "N", defaultValue = Defaults.IMPORT_BATCH_DOCS,
      description = "Documents per committed batch. Default: ${DEFAULT-VALUE}.")
  long batchDocs;

  @Option(names = "--batch-mb", paramLabel = "N",
      description = "MiB of BSON per committed batch. Default: " + Defaults.IMPORT_BATCH_MB + "; 64 on Citus, where each"
          + " batch is a distributed COPY and a commit across the workers.")
  Long batchMb;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the result as JSON (per collection and in"
      + " total: counts, seconds, the exit code; docs/import.md#result-file-and-exit-codes).")
  Path json;

  @Option(names = "--to", paramLabel = "URL",
      description = "Load the dump into a MongoDB server instead (mongodb://... or mongodb+srv://...): each collection's"
          + " documents as the dump holds them and its indexes, so the same data stands on both sides of 'stress"
          + " check'. A database in its path (mongodb://HOST:PORT/DB) is the one imported, as --db DB; a --db beside"
          + " it must name the same. Its password is never printed.")
  String to;

  @Override
  public Integer call() throws Exception {
    if (to != null) {
      return Commands.importToMongo(toConfig(mongoDatabases()), to, root.out).code();
    }
    return Commands.importDump(toConfig(), connection.toOptions(root.connection), root.out).code();
  }

  /**
   * {@code --to}: the database its URL names, read as {@code --db} (a dump's collections go to the database of the same
   * name, so a URL naming another one would import nothing, or a mongoexport file into a database it never names);
   * else --db as given.
   */
  List<String> mongoDatabases() {
    MongoUrl url = MongoUrl.read(to);
    if (url == null || url.database() == null) {
      return databases;
    }
    if (url.collection() != null) {
      throw new UsageException("--to " + url.shown() + " names the collection " + url.database() + "."
          + url.collection() + " in its path: the path names a database only; give the collection with --collection");
    }
    if (!databases.isEmpty() && !databases.equals(List.of(url.database()))) {
      throw new UsageException("--db " + String.join(",", databases) + " and --to " + url.shown() + " name different"
          + " databases: the URL's database is the one imported (as --db " + url.database() + "); give one of them"
          + " (a database the URL names only to sign in with is ?authSource=DB)");
    }
    return List.of(url.database());
  }

  /** The options as given; the app layer checks them and builds the engine's request. */
  ImportConfig toConfig() {
    return toConfig(databases);
  }

  private ImportConfig toConfig(List<String> databases) {
    // --table and --schema read as PostgreSQL reads names, as everywhere; derived names are kept as MongoDB spells them
    stress.model.TableName given = table == null ? null : TableArgs.named("--table", table, schema);
    String schemaName = given != null ? given.schema()
        : schema == null ? null : stress.model.TableName.identifier("--schema", schema);
    return new ImportConfig(path, archive, databases, excludeDatabases, collections, excludeCollections,
        systemCollections, schemaName, given == null ? null : given.name(), tablePrefix, lowerCaseNames, existing.dropExisting, existing.reuse, resume,
        jobs == null ? Defaults.importJobs() : jobs, jsonMode,
        idType, onError, onDuplicate, repeatedFields, rejects, batchDocs, batchMb, json, distributeBy, reference,
        allowMissingKey);
  }
}
