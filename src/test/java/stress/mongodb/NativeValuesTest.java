package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.util.List;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;
import stress.ops.file.JsonValueText;
import stress.workload.MongoSpec;

/** The drawn values put into the operation as BSON of the kinds MongoDB's shell sends, every reference replaced. */
class NativeValuesTest {
  @Test
  void drawnValuesBecomeBsonOfTheirKind() {
    assertEquals(new BsonInt32(7), NativeValues.of(7L));
    assertEquals(new BsonInt64(9_000_000_000L), NativeValues.of(9_000_000_000L));
    assertEquals(new BsonDateTime(1_577_836_800_000L), NativeValues.of(OffsetDateTime.parse("2020-01-01T00:00Z")));
    assertEquals(BsonDocument.parse("{v: {a: 1}}").get("v"), NativeValues.of(new JsonValueText("{\"a\": 1}")));
    assertEquals(BsonDocument.parse("{v: 'paid'}").get("v"), NativeValues.of(new JsonValueText("\"paid\"")));
  }

  @Test
  void everyReferenceIsReplacedAndTheRestKept() {
    MongoSpec spec = new MongoSpec("find", BsonDocument.parse("{filter: {c: ':c', s: {$in: [':s', 'x']},"
        + " note: 'a :c in text stays'}, sort: {d: -1}, limit: 5}"), List.of("c", "s"));
    NativeOperation op = new NativeOperation("f", spec);
    BsonDocument bound = op.bound(new Object[] {42, "paid"});
    assertEquals(BsonDocument.parse("{filter: {c: 42, s: {$in: ['paid', 'x']}, note: 'a :c in text stays'},"
        + " sort: {d: -1}, limit: 5}"), bound);
    assertEquals(BsonDocument.parse("{c: 42, s: 'paid'}"), op.values(new Object[] {42, "paid"}));
  }
}
