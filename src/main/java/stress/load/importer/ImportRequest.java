package stress.load.importer;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import stress.dump.bson.JsonFormat;
import stress.dump.ReadPolicy;
import stress.dump.bson.RepeatedFields;
import stress.dump.ScanOptions;
import stress.load.CopyBatching;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;
import stress.table.IdType;

/**
 * What {@link DumpImporter} is asked to do. Build one with {@link #builder(Path)}; every problem is reported at
 * once when it is built.
 *
 * @param source      a dump root, a database directory, a {@code .bson}/{@code .bson.gz} file or an archive
 * @param scan        which namespaces to read (filter, system collections)
 * @param naming      which table each collection goes into
 * @param policy      what to do with tables that exist (resume implies reusing them)
 * @param resume      continue an interrupted import from the checkpoints in the progress table
 * @param jobs        parallel load streams (each with its own connection); as many collections are read at once
 * @param jsonFormat  relaxed or canonical Extended JSON in the {@code data} column
 * @param idType      the {@code _id} column type for new tables, or null to detect it from the data
 * @param onError     what an undecodable document does: stop its collection, or be rejected and skipped
 * @param onDuplicate what a document with an {@code _id} already in the table does
 * @param repeatedFields what a document with a field name repeated inside one object does
 * @param rejects     the rejects file (JSON lines); replaced at the start, appended to when resuming
 * @param batching    documents and BSON bytes per committed batch
 * @param distributeBy namespace ({@code db.collection}) to the document path its table is distributed by
 * @param reference   namespaces whose tables are replicated to every node
 * @param allowMissingKey whether a {@code --distribute-by} path that most documents lack is accepted (their rows get a
 *                    null key, all on one node); a path that no document holds is refused either way
 * @param batchBytesGiven whether the user chose the batch size ({@code --batch-mb}); if not, the target may
 *                    ({@link stress.server.dialect.Dialect#loadBatch()})
 */
public record ImportRequest(Path source, ScanOptions scan, TableNaming naming, ExistingTablePolicy policy,
                            boolean resume, int jobs, JsonFormat jsonFormat, IdType idType, ReadPolicy onError,
                            DuplicatePolicy onDuplicate, RepeatedFields repeatedFields, Path rejects,
                            CopyBatching batching, java.util.Map<String, String> distributeBy,
                            java.util.Set<String> reference, boolean allowMissingKey, boolean batchBytesGiven) {
  public static final int DEFAULT_JOBS = 2;
  public static final int DEFAULT_BATCH_DOCS = 50_000;
  public static final int DEFAULT_BATCH_MB = 8;
  public static final String DEFAULT_REJECTS = "import-rejects.jsonl";

  public ImportRequest {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(scan, "scan");
    Objects.requireNonNull(naming, "naming");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(jsonFormat, "jsonFormat");
    Objects.requireNonNull(onError, "onError");
    Objects.requireNonNull(onDuplicate, "onDuplicate");
    Objects.requireNonNull(repeatedFields, "repeatedFields");
    Objects.requireNonNull(rejects, "rejects");
    Objects.requireNonNull(batching, "batching");
    distributeBy = java.util.Map.copyOf(distributeBy);
    reference = java.util.Set.copyOf(reference);
    List<String> problems = new ArrayList<>();
    for (String namespace : reference) {
      if (distributeBy.containsKey(namespace)) {
        problems.add("collection " + namespace + " is given both --distribute-by " + distributeBy.get(namespace)
            + " and --reference; a table is either distributed by a key or replicated");
      }
    }
    distributeBy.forEach((namespace, path) -> {
      try {
        stress.table.Layout.checkPath(path);
      } catch (UsageException e) {
        problems.add("--distribute-by " + namespace + "=" + path + ": " + e.getMessage());
      }
    });
    if (jobs < 1) {
      problems.add("--jobs must be at least 1, got " + jobs);
    }
    if (resume && policy == ExistingTablePolicy.DROP_EXISTING) {
      problems.add("--resume continues into the tables an earlier import created; --drop-existing would replace them");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }

  /** This import with the target's batch size, where the user gave none. */
  public ImportRequest withBatchBytes(long bytes) {
    return new ImportRequest(source, scan, naming, policy, resume, jobs, jsonFormat, idType, onError, onDuplicate,
        repeatedFields, rejects, new CopyBatching(batching.maxRows(), bytes), distributeBy, reference,
        allowMissingKey, batchBytesGiven);
  }

  /** A builder with every default: all namespaces but system ones, derived table names, detected {@code _id}. */
  public static Builder builder(Path source) {
    return new Builder(source);
  }

  /** Collects the settings of an {@link ImportRequest}. */
  public static final class Builder {
    private final Path source;
    private ScanOptions scan = ScanOptions.defaults();
    private TableNaming naming = TableNaming.defaults();
    private ExistingTablePolicy policy = ExistingTablePolicy.FAIL_IF_EXISTS;
    private boolean resume;
    private int jobs = DEFAULT_JOBS;
    private JsonFormat jsonFormat = JsonFormat.RELAXED;
    private IdType idType;
    private ReadPolicy onError = ReadPolicy.ABORT;
    private DuplicatePolicy onDuplicate = DuplicatePolicy.REJECT;
    private RepeatedFields repeatedFields = RepeatedFields.REJECT;
    private Path rejects = Path.of(DEFAULT_REJECTS);
    private CopyBatching batching = new CopyBatching(DEFAULT_BATCH_DOCS, (long) DEFAULT_BATCH_MB << 20);
    private java.util.Map<String, String> distributeBy = java.util.Map.of();
    private java.util.Set<String> reference = java.util.Set.of();
    private boolean allowMissingKey;
    private boolean batchBytesGiven;

    private Builder(Path source) {
      this.source = source;
    }

    public Builder scan(ScanOptions value) {
      scan = value;
      return this;
    }

    public Builder naming(TableNaming value) {
      naming = value;
      return this;
    }

    public Builder policy(ExistingTablePolicy value) {
      policy = value;
      return this;
    }

    public Builder resume(boolean value) {
      resume = value;
      return this;
    }

    public Builder jobs(int value) {
      jobs = value;
      return this;
    }

    public Builder jsonFormat(JsonFormat value) {
      jsonFormat = value;
      return this;
    }

    /** The {@code _id} column type; null (the default) detects it from the data. */
    public Builder idType(IdType value) {
      idType = value;
      return this;
    }

    public Builder onError(ReadPolicy value) {
      onError = value;
      return this;
    }

    public Builder onDuplicate(DuplicatePolicy value) {
      onDuplicate = value;
      return this;
    }

    public Builder repeatedFields(RepeatedFields value) {
      repeatedFields = value;
      return this;
    }

    public Builder rejects(Path value) {
      rejects = value;
      return this;
    }

    public Builder batching(CopyBatching value) {
      batching = value;
      batchBytesGiven = true;
      return this;
    }

    /** The batch size, {@code bytesGiven} telling whether its bytes were the user's choice or a default. */
    public Builder batching(CopyBatching value, boolean bytesGiven) {
      batching = value;
      batchBytesGiven = bytesGiven;
      return this;
    }

    /** Namespace to the path its table is distributed by. */
    public Builder distributeBy(java.util.Map<String, String> value) {
      distributeBy = value;
      return this;
    }

    /** Namespaces whose tables are replicated to every node. */
    public Builder allowMissingKey(boolean value) {
      allowMissingKey = value;
      return this;
    }

    public Builder reference(java.util.Set<String> value) {
      reference = value;
      return this;
    }

    public ImportRequest build() {
      return new ImportRequest(source, scan, naming, policy, resume, jobs, jsonFormat, idType, onError, onDuplicate,
          repeatedFields, rejects, batching, distributeBy, reference, allowMissingKey, batchBytesGiven);
    }
  }
}
