package stress.app.data;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import stress.app.process.ExitCode;
import stress.config.ImportConfig;
import stress.load.importer.ImportRequest;

/** {@code stress import --to URL}. */
public final class MongoImportJob {
  private MongoImportJob() {}

  /**
   * {@code stress import --to URL}: the dump loaded into a MongoDB server (documents and the dump's indexes), so the
   * same data stands on both sides of {@code stress check}. Options that only shape PostgreSQL tables are refused.
   */
  public static ExitCode run(ImportConfig config, String url, PrintStream out) throws Exception {
    List<String> tableOnly = new ArrayList<>();
    if (!config.distributeBy().isEmpty() || !config.reference().isEmpty()) {
      tableOnly.add("--distribute-by/--reference");
    }
    if (config.table() != null || !config.tablePrefix().isEmpty() || config.schema() != null
        || config.lowerCaseNames()) {
      tableOnly.add("--table/--table-prefix/--schema/--lower-case-names");
    }
    if (config.resume() || config.reuse() || config.idType() != null) {
      tableOnly.add("--resume/--reuse/--id-type");
    }
    if (!tableOnly.isEmpty()) {
      throw new stress.model.UsageException("import --to " + stress.mongodb.MongoTarget.withoutPassword(url) + " loads"
          + " collections into MongoDB; " + String.join(", ", tableOnly) + " shape PostgreSQL tables: leave them out");
    }
    ImportRequest request = ImportRequests.of(config);
    stress.dump.DumpSource source;
    try {
      source = new stress.dump.DumpScanner(request.scan()).scan(request.source());
    } catch (stress.model.UsageException e) {
      // the URL's database was read as --db (ImportCommand): say where that name came from
      stress.model.MongoUrl named = stress.model.MongoUrl.read(url);
      if (named == null || named.database() == null || !e.getMessage().contains("--db " + named.database() + " ")) {
        throw e;
      }
      throw new stress.model.UsageException("import --to " + named.shown() + " imports the database "
          + named.database() + " (as --db " + named.database() + "): " + e.getMessage());
    }
    source.notices().forEach(n -> out.println("notice: " + n));
    try (stress.mongodb.MongoTarget target = stress.mongodb.MongoTarget.connect("--to", url, null)) {
      out.println("MongoDB: " + target.describe() + ", " + target.version());
      List<stress.mongodb.MongoLoad.Loaded> loaded = stress.mongodb.MongoLoad.load(source, target,
          config.dropExisting(), out);
      long refused = loaded.stream().mapToLong(stress.mongodb.MongoLoad.Loaded::refused).sum();
      out.println("import --to: " + stress.model.Plural.of(loaded.size(), "collection") + ", " + stress.model.Plural.of(loaded.stream()
          .mapToLong(stress.mongodb.MongoLoad.Loaded::documents).sum(), "document")
          + (refused == 0 ? "" : ", " + refused + " refused by the server"));
      return refused == 0 ? ExitCode.OK : ExitCode.REJECTED;
    }
  }

}
