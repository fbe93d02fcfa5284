package stress.workload;

import org.bson.BsonDocument;

/**
 * A MongoDB-style operation of a workload file as written: its kind ({@code find}, {@code updateOne}, ...) and its
 * keys ({@code {filter: ..., update: ...}}), parameters still as {@code ":name"}. What the shard-key analysis reads.
 *
 * @param kind       one of {@code mongo.MongoStatement.KINDS}
 * @param spec       its keys, as Extended JSON parsed them
 * @param parameters the names of its parameters, in the order of the operation's generators (which draw them)
 */
public record MongoSpec(String kind, BsonDocument spec, java.util.List<String> parameters) {
  public MongoSpec {
    parameters = java.util.List.copyOf(parameters);
  }

  /** An operation without parameters. */
  public MongoSpec(String kind, BsonDocument spec) {
    this(kind, spec, java.util.List.of());
  }
}
