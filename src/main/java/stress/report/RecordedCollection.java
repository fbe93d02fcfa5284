package stress.report;

import java.util.List;
import java.util.Objects;
import stress.model.MongoRecorded;

/**
 * One collection of an application's run ({@code run --workload DIR}), with what MongoDB recorded for its operations
 * together.
 *
 * @param collection its table, the prefix of its operations' names ({@code table.operation})
 * @param namespace  the collection as MongoDB logged it ({@code db.collection})
 * @param operations its operations' names in the run
 * @param mongodb    what MongoDB recorded for them together, or null when the listing does not say
 * @param skipped    why it did not run (its table is missing, with --skip-missing), or null when it ran
 */
public record RecordedCollection(String collection, String namespace, List<String> operations, MongoRecorded mongodb,
                                 String skipped) {
  public RecordedCollection {
    Objects.requireNonNull(collection, "collection");
    Objects.requireNonNull(namespace, "namespace");
    operations = List.copyOf(operations);
  }
}
