package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The drawn keys are matched to what a collection answers as MongoDB matches them: numbers by value. */
class KeyLookupsTest {
  @Test
  void numbersMatchByValueWhateverTheirBsonType() {
    assertEquals(KeyLookups.comparable(new BsonInt32(7)), KeyLookups.comparable(new BsonInt64(7)));
    assertEquals(KeyLookups.comparable(new BsonInt64(7)), KeyLookups.comparable(new BsonDouble(7.0)));
    assertEquals(KeyLookups.comparable(new BsonInt64(3_000_000_000L)),
        KeyLookups.comparable(new BsonDouble(3_000_000_000.0)));
    assertNotEquals(KeyLookups.comparable(new BsonInt32(7)), KeyLookups.comparable(new BsonDouble(7.5)));
  }

  @Test
  void otherKeysMatchAsTheyAre() {
    ObjectId id = new ObjectId();
    assertEquals(KeyLookups.comparable(new BsonObjectId(id)), KeyLookups.comparable(new BsonObjectId(id)));
    assertNotEquals(KeyLookups.comparable(new BsonString("7")), KeyLookups.comparable(new BsonInt32(7)));
  }
}
