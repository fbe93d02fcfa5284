package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import stress.model.DataStateException;

/** A collection that already holds documents is what the server holds, as an existing table is: exit 1, not 2. */
class MongoLoadRefusalTest {
  @Test
  void aFilledCollectionIsARuntimeFailureNotBadInput() {
    RuntimeException refusal = MongoLoad.alreadyFilled("shop.orders", "MongoDB 7.0 at 127.0.0.1:27017");
    assertInstanceOf(DataStateException.class, refusal);
    assertEquals("import --to: collection shop.orders on MongoDB 7.0 at 127.0.0.1:27017 already holds documents;"
        + " --drop-existing drops it first", refusal.getMessage());
  }
}
