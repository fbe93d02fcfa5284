package stress.app.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import stress.app.output.ResultFileClaim;
import stress.config.ImportConfig;
import stress.dump.DumpScanner;
import stress.dump.bson.JsonFormat;
import stress.dump.naming.NamespaceFilter;
import stress.dump.ReadPolicy;
import stress.dump.bson.RepeatedFields;
import stress.dump.ScanOptions;
import stress.load.CopyBatching;
import stress.load.importer.DuplicatePolicy;
import stress.load.importer.ImportRequest;
import stress.load.importer.TableNaming;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;
import stress.table.IdType;

/** The engine's import request built from the options of {@code stress import}; every problem in one message. */
public final class ImportRequests {
  private ImportRequests() {}

  /** The validated request, or a {@link UsageException} naming every problem. */
  public static ImportRequest of(ImportConfig config) {
    List<String> problems = new ArrayList<>();
    Path source = source(config, problems);
    if (config.dropExisting() && config.reuse()) {
      problems.add("--drop-existing and --reuse exclude each other");
    }
    if (config.json() != null) {
      attempt(problems, () -> {
        ResultFileClaim.checkWritable(config.json());
        return config.json();
      });
    }
    if (config.jobs() < 1) {
      problems.add("--jobs must be at least 1, got " + config.jobs());
    }
    NamespaceFilter filter = attempt(problems, () -> new NamespaceFilter(config.databases(), config.excludeDatabases(),
        config.collections(), config.excludeCollections()));
    TableNaming naming = attempt(problems, () -> new TableNaming(config.schema(), config.table(),
        config.tablePrefix(), config.lowerCaseNames()));
    JsonFormat format = attempt(problems, () -> choice("--json-mode", config.jsonMode(), JsonFormat.class));
    ReadPolicy policy = attempt(problems, () -> choice("--on-error", config.onError(), ReadPolicy.class));
    DuplicatePolicy duplicates = attempt(problems, () -> DuplicatePolicy.parse(config.onDuplicate()));
    RepeatedFields repeated = attempt(problems, () -> RepeatedFields.parse(config.repeatedFields()));
    IdType type = config.idType() == null ? null : attempt(problems, () -> idType(config.idType()));
    CopyBatching batching = attempt(problems, () -> batching(config.batchDocs(), config.batchMb() == null
        ? ImportRequest.DEFAULT_BATCH_MB : config.batchMb()));
    java.util.Map<String, String> distributeBy = distributeBy(config.distributeBy(), problems);
    if (config.allowMissingKey() && config.distributeBy().isEmpty()) {
      problems.add("--allow-missing-key goes with --distribute-by NS=PATH (it accepts a path most documents lack)");
    }
    Supplier<ImportRequest> build = () -> ImportRequest.builder(source)
        .scan(ScanOptions.defaults().withFilter(filter).withSystemCollections(config.systemCollections()))
        .naming(naming)
        .policy(config.dropExisting() ? ExistingTablePolicy.DROP_EXISTING
            : config.reuse() ? ExistingTablePolicy.REUSE : ExistingTablePolicy.FAIL_IF_EXISTS)
        .resume(config.resume()).jobs(config.jobs()).jsonFormat(format).idType(type).onError(policy)
        .onDuplicate(duplicates).repeatedFields(repeated).rejects(config.rejects()).batching(batching, config.batchMb() != null)
        .distributeBy(distributeBy).reference(new java.util.LinkedHashSet<>(config.reference()))
        .allowMissingKey(config.allowMissingKey()).build();
    if (problems.isEmpty()) {
      ImportRequest request = attempt(problems, build);
      if (problems.isEmpty()) {
        return request;
      }
    }
    throw new UsageException(String.join("; ", problems));
  }

  private static Path source(ImportConfig config, List<String> problems) {
    Path path = config.path();
    Path archive = config.archive();
    if (path != null && archive != null) {
      problems.add("give either PATH or --archive FILE, not both");
      return null;
    }
    if (path == null && archive == null) {
      problems.add("give the dump to import: PATH (a dump directory, a .bson file or a mongoexport JSON file) or --archive FILE");
      return null;
    }
    if (archive != null) {
      String name = archive.getFileName() == null ? "" : archive.getFileName().toString();
      if (!Files.isRegularFile(archive)) {
        problems.add("--archive '" + archive + "' is not a file");
      } else if (name.endsWith(".bson") || name.endsWith(".bson.gz")) {
        problems.add("--archive '" + archive + "' is named like a BSON data file; give it as PATH");
      }
      return archive;
    }
    if (!Files.exists(path)) {
      problems.add("PATH '" + path + "' does not exist");
    } else if (Files.isDirectory(path)) {
      // a directory with no dump of its own is refused here, before a connection or the embedded server
      try {
        new DumpScanner().scan(path);
      } catch (UsageException e) {
        problems.add(e.getMessage());
      } catch (IOException | RuntimeException e) {
        // not a usage problem: the import's own scan reports it
      }
    }
    return path;
  }

  /** {@code --distribute-by NS=PATH} values by namespace; a value without '=' or given twice is a problem. */
  private static java.util.Map<String, String> distributeBy(List<String> values, List<String> problems) {
    java.util.Map<String, String> paths = new java.util.LinkedHashMap<>();
    for (String value : values) {
      int eq = value.indexOf('=');
      int dot = value.indexOf('.');
      if (eq < 0 || dot < 0 || dot > eq) {
        problems.add("--distribute-by '" + value + "' is not NS=PATH (e.g. sample_analytics.accounts=account_id)");
        continue;
      }
      String namespace = value.substring(0, eq);
      String before = paths.put(namespace, value.substring(eq + 1));
      if (before != null && !before.equals(paths.get(namespace))) {
        problems.add("--distribute-by gives collection " + namespace + " two paths: " + before + " and "
            + paths.get(namespace));
      }
    }
    return paths;
  }

  /** The value, or null with the refusal's message added to {@code problems}. */
  private static <T> T attempt(List<String> problems, Supplier<T> parse) {
    try {
      return parse.get();
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
      return null;
    }
  }

  private static <E extends Enum<E>> E choice(String option, String value, Class<E> type) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(value.trim())) {
        return e;
      }
    }
    List<String> names = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      names.add(e.name().toLowerCase(Locale.ROOT));
    }
    throw new UsageException(option + " must be one of " + String.join(", ", names) + ", got '" + value + "'");
  }

  private static IdType idType(String name) {
    try {
      return IdType.parse(name);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--id-type: " + e.getMessage());
    }
  }

  private static CopyBatching batching(long docs, long mb) {
    if (docs < 1) {
      throw new UsageException("--batch-docs must be at least 1, got " + docs);
    }
    if (mb < 1 || mb > 1024) {
      throw new UsageException("--batch-mb must be between 1 and 1024, got " + mb);
    }
    return new CopyBatching(docs, mb << 20);
  }
}
