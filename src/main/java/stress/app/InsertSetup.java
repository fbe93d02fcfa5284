package stress.app;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import stress.config.InsertSettings;
import stress.config.RunConfig;
import stress.dump.generate.DocumentGenerator;
import stress.model.UsageException;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.table.DocumentTable;
import stress.target.ShardLookup;
import stress.target.ShardLookups;
import stress.target.TargetInfo;
import stress.model.Instance;
import stress.workload.NewKeys;

/**
 * What the insert operations of a run need, prepared once before the first phase: new keys above the table's
 * largest {@code _id}, the document generator, and the shard lookup for {@code --group-by-shard}.
 */
final class InsertSetup {
  private InsertSetup() {}

  /**
   * The new documents of the run, or null when no operation inserts.
   *
   * @throws IllegalArgumentException for insert options without an insert operation, a key type that has no
   *     next key, or --group-by-shard on a target without shards
   */
  static NewDocuments prepare(Connection control, TargetInfo target, DocumentTable table, RunConfig config,
                              List<Operation> operations) throws SQLException {
    InsertSettings settings = config.inserts();
    if (operations.stream().noneMatch(Operation::insertsNewKeys)) {
      if (settings.groupByShard()) {
        throw new UsageException("--group-by-shard applies to operations that insert new rows (insert_batch,"
            + " copy); --op " + config.mix() + " has none");
      }
      if (!settings.instance().equals(Instance.SOLE)) {
        throw new UsageException("--instance " + settings.instance() + " shares out the new keys of insert,"
            + " insert_batch and copy; --op " + config.mix() + " inserts none (find operations use existing keys)");
      }
      return null;
    }
    NewKeys keys = NewKeys.above(control, table, settings.instance());
    ShardLookup shards = settings.groupByShard() ? ShardLookups.forTarget(target, control, table) : null;
    return new NewDocuments(keys, new DocumentGenerator(settings.shape(), config.seed()), shards);
  }

  /** The report lines of the insert settings, when the run inserts. */
  static void describe(NewDocuments documents, Map<String, Object> report) {
    if (documents == null) {
      return;
    }
    report.put("new keys", documents.keys().describe());
    report.put("new documents", documents.documents().shape().label());
    report.put("group by shard", documents.shards() == null ? "no" : documents.shards().describe());
  }
}
