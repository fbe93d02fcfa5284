package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.workload.MongoSpec;

/** Which operators show which documented difference, and that plain statements show none. */
class TranslationDifferencesTest {
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "find|{filter: {_id: ':id'}, limit: 1}|",
      "find|{filter: {status: ':s', n: {$gte: ':n'}}, sort: {n: -1}}|",
      "find|{filter: {address: {city: 'Oslo', zip: '0150'}}}|document equality",
      "find|{filter: {$or: [{a: {$eq: {x: 1}}}, {b: 2}]}}|$eq",
      "find|{filter: {tags: {$elemMatch: {k: {x: 1}}}}}|document equality",
      "find|{filter: {name: {$regex: '^ab', $options: 'i'}}}|$regex",
      "find|{filter: {name: {$regex: '^ab'}}}|",
      "countDocuments|{filter: {a: {$in: [{x: 1}]}}}|$in",
      "updateOne|{filter: {_id: ':id'}, update: {$addToSet: {items: {sku: 'A', qty: 1}}}}|$addToSet",
      "updateOne|{filter: {_id: ':id'}, update: {$addToSet: {items: {$each: [{sku: 'A'}]}}}}|$addToSet",
      "updateOne|{filter: {_id: ':id'}, update: {$addToSet: {tags: ':tag'}}}|",
      "updateMany|{filter: {s: ':s'}, update: {$inc: {n: 1}, $set: {t: ':t'}}}|$inc",
      "updateOne|{filter: {_id: ':id'}, update: {$currentDate: {at: true}}}|$currentDate",
      "updateOne|{filter: {_id: ':id', 'a.k': 1}, update: {$set: {'a.$.v': 2}}}|$ (positional)",
      "aggregate|{pipeline: [{$match: {s: ':s'}}, {$group: {_id: '$c', n: {$sum: 1}}}]}|",
      "aggregate|{pipeline: [{$group: {_id: '$c', m: {$avg: '$price'}}}]}|$avg",
      "aggregate|{pipeline: [{$lookup: {from: 'b', localField: 'k', foreignField: '_id', as: 'j'}}]}|$lookup",
      "deleteMany|{filter: {a: {x: 1}}}|document equality",
  })
  void operatorsShowTheirDifference(String kind, String spec, String operator) {
    Map<String, String> found = TranslationDifferences.of(new MongoSpec(kind, BsonDocument.parse(spec)));
    assertEquals(operator == null ? List.of() : List.of(operator), List.copyOf(found.keySet()), spec);
  }

  /** The derivation's note names a collation not applied, after any other note; a note without one adds nothing. */
  @org.junit.jupiter.api.Test
  void aCollationTheDerivationNamesIsADifference() {
    MongoSpec find = new MongoSpec("find", BsonDocument.parse("{filter: {name: ':name'}}"));
    String collation = stress.mongolog.LogWorkloads.COLLATION_NOTE + "{\"locale\": \"fr\"} not applied: strings"
        + " compare by their bytes, as under MongoDB's simple collation";
    assertEquals(Map.of("collation", collation), TranslationDifferences.of(find, collation));
    assertEquals(Map.of("collation", collation), TranslationDifferences.of(find,
        "findAndModify, run without returning the document; " + collation));
    assertEquals(Map.of(), TranslationDifferences.of(find, "findAndModify, run without returning the document"));
    assertEquals(Map.of(), TranslationDifferences.of(find, null));
  }

  @org.junit.jupiter.api.Test
  void textJoinsEachDifferenceOnce() {
    Map<String, String> found = TranslationDifferences.of(new MongoSpec("updateOne", BsonDocument.parse(
        "{filter: {a: {x: 1}}, update: {$inc: {n: 1}, $mul: {m: 2}}}")));
    assertEquals(TranslationDifferences.KEY_ORDER_MATCH + "; " + TranslationDifferences.NUMBER_KINDS,
        TranslationDifferences.text(found));
    assertEquals(null, TranslationDifferences.text(Map.of()));
  }
}
