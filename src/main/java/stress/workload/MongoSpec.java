package stress.workload;

import org.bson.BsonDocument;

/**
 * A MongoDB-style operation of a workload file as written: its kind ({@code find}, {@code updateOne}, ...) and its
 * keys ({@code {filter: ..., update: ...}}), parameters still as {@code ":name"}. What the shard-key analysis reads.
 *
 * @param kind one of {@code mongo.MongoStatement.KINDS}
 * @param spec its keys, as Extended JSON parsed them
 */
public record MongoSpec(String kind, BsonDocument spec) {}
