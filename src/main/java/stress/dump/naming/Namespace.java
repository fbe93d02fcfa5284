package stress.dump.naming;

import java.util.Objects;

/**
 * A MongoDB namespace: database and collection name, as dumped.
 *
 * @param database   database name; empty for the oplog namespace of {@code mongodump --oplog --archive}
 * @param collection collection name, full (never the truncated file name)
 */
public record Namespace(String database, String collection) {
  private static final String SYSTEM_PREFIX = "system.";

  public Namespace {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(collection, "collection");
  }

  /** True for MongoDB's internal collections ({@code system.*}: version, views, indexes, buckets...). */
  public boolean isSystem() {
    return collection.startsWith(SYSTEM_PREFIX);
  }

  /** {@code database.collection}, as MongoDB writes it. */
  @Override
  public String toString() {
    return database + "." + collection;
  }
}
