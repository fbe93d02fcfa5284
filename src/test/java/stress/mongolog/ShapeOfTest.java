package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

class ShapeOfTest {
  private static String shape(String filter) {
    return ShapeOf.filter(BsonDocument.parse(filter), new ArrayList<>()).toJson();
  }

  @Test
  void statementsThatDifferOnlyInTheirValuesHaveOneShape() {
    assertEquals(shape("{status: 'paid', total: {$gte: 10}}"), shape("{status: 'shipped', total: {$gte: 99.5}}"));
    assertEquals(shape("{_id: {$in: [1, 2]}}"), shape("{_id: {$in: [4, 5, 6, 7, 8]}}"), "a $in list of any length");
    assertEquals("{\"a\": {\"$in\": \":a_in[]\"}}", shape("{a: {$in: [1]}}"));
  }

  @Test
  void otherOperatorsOrFieldsAreOtherShapes() {
    assertNotEquals(shape("{total: {$gte: 10}}"), shape("{total: {$gt: 10}}"));
    assertNotEquals(shape("{status: 'paid'}"), shape("{state: 'paid'}"));
    assertNotEquals(shape("{a: {$exists: true}}"), shape("{a: {$exists: false}}"), "$exists is part of the shape");
    assertNotEquals(shape("{a: /^x/}"), shape("{a: /^y/}"), "a regular expression is part of the shape");
    assertEquals("{\"a\": {\"$in\": [{\"$regularExpression\": {\"pattern\": \"^0\", \"options\": \"\"}}]}}",
        shape("{a: {$in: [/^0/]}}"), "and so is a $in list holding one");
  }

  @Test
  void valuesBecomeNamedSlotsWithTheirPaths() {
    List<Slot> slots = new ArrayList<>();
    BsonDocument shaped = ShapeOf.filter(BsonDocument.parse(
        "{'customer.id': 7, $or: [{a: 1}, {a: 2}], items: {$elemMatch: {sku: 'x'}}}"), slots);
    assertEquals("{\"customer.id\": \":customer_id\", \"$or\": [{\"a\": \":a\"}, {\"a\": \":a_2\"}],"
        + " \"items\": {\"$elemMatch\": {\"sku\": \":items_sku\"}}}", shaped.toJson());
    assertEquals("customer.id", slots.get(0).path());
    assertEquals("a", slots.get(1).path());
    assertNull(slots.get(3).path(), "inside $elemMatch a path's own values are not what it compares");
  }

  @Test
  void anUpdateKeepsItsOperatorsAndParameterisesWhatItWrites() {
    List<Slot> slots = new ArrayList<>();
    assertEquals("{\"$set\": {\"status\": \":status_set\"}, \"$unset\": {\"x\": \"\"}}",
        ShapeOf.update(BsonDocument.parse("{$set: {status: 'paid'}, $unset: {x: ''}}"), slots).asDocument().toJson());
    assertEquals(1, slots.size());
  }
}
