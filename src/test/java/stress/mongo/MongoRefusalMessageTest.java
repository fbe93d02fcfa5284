package stress.mongo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.mongo.value.Parameters;

/**
 * A refused operation shows the refused value as the workload file wrote it (Extended JSON), not as org.bson's
 * toString.
 */
class MongoRefusalMessageTest {
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '~', value = {
      "find => {filter: {a: {$gt: true}}} => $gt with a boolean value is not supported (true)",
      "find => {filter: {a: {$numberDecimal: 'NaN'}}} => value cannot be compared ({\"$numberDecimal\": \"NaN\"})",
      "find => {filter: {a: {$size: 1.5}}} => $size needs a whole number, got 1.5",
      "find => {filter: {a: {$exists: 'yes'}}} => $exists needs true or false, got \"yes\"",
      "find => {sort: {a: 'asc'}} => must be 1 or -1, got \"asc\"",
      "find => {projection: {a: 'x'}} => must be 1 or 0, got \"x\"",
      "updateMany => {update: {$inc: {n: true}}} => Cannot increment with non-numeric argument: {n: true}",
      "updateMany => {update: {$mul: {n: {$date: '2024-01-02T00:00:00Z'}}}} => {\"$date\": \"2024-01-02T00:00:00Z\"}",
  })
  void showsTheValueAsWritten(String kind, String spec, String message) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MongoStatement.translate(kind, BsonDocument.parse(spec), new Parameters(List.of())));
    assertTrue(e.getMessage().contains(message), e.getMessage());
    assertFalse(e.getMessage().contains("Bson"), e.getMessage());
  }
}
