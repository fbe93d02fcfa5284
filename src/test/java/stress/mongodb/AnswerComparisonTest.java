package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.mongodb.AnswerComparison.Verdict;

/** Two servers' answers: the same, the same within what jsonb keeps (key order, number kinds), or different. */
class AnswerComparisonTest {
  private static List<BsonDocument> reversed(List<BsonDocument> documents) {
    List<BsonDocument> copy = new java.util.ArrayList<>(documents);
    java.util.Collections.reverse(copy);
    return copy;
  }

  private static List<BsonDocument> docs(String... json) {
    return java.util.Arrays.stream(json).map(BsonDocument::parse).toList();
  }

  @Test
  void theSameDocumentsInAnyOrderAreTheSameUnlessSorted() {
    List<BsonDocument> a = docs("{_id: 1, s: 'x'}", "{_id: 2, s: 'y'}");
    List<BsonDocument> b = docs("{_id: 2, s: 'y'}", "{_id: 1, s: 'x'}");
    assertEquals(Verdict.SAME, AnswerComparison.documents(a, b, false).verdict());
    AnswerComparison.Result sorted = AnswerComparison.documents(a, b, true);
    assertEquals(Verdict.DIFFERENT, sorted.verdict());
    assertEquals("the same number of documents (2); first difference at document 1: PostgreSQL {\"_id\": 1, \"s\":"
        + " \"x\"}, MongoDB {\"_id\": 2, \"s\": \"y\"}", sorted.detail());
  }

  @Test
  void keyOrderAndNumberKindsAreJsonbsLimitsNotDifferences() {
    AnswerComparison.Result keys = AnswerComparison.documents(docs("{s: 'x', _id: 1}"), docs("{_id: 1, s: 'x'}"),
        true);
    assertEquals(new AnswerComparison.Result(Verdict.SAME_WITHIN_JSONB, "key order inside documents"), keys);
    AnswerComparison.Result numbers = AnswerComparison.documents(
        docs("{_id: 1, n: {$numberLong: '5'}, d: 2.50}"), docs("{_id: 1, n: 5, d: {$numberDecimal: '2.5'}}"), true);
    assertEquals(Verdict.SAME_WITHIN_JSONB, numbers.verdict());
    assertEquals("number kinds (int, long, double of one value)", numbers.detail());
  }

  @Test
  void aDifferenceShowsTheFirstDocumentOnlyOneSideHas() {
    AnswerComparison.Result r = AnswerComparison.documents(docs("{_id: 1, total: 169967.87}", "{_id: 2, total: 5}"),
        docs("{_id: 2, total: 5}", "{_id: 3, total: 0}"), false);
    assertEquals(Verdict.DIFFERENT, r.verdict());
    assertEquals("the same number of documents (2); only in PostgreSQL's: {\"_id\": 1, \"total\": 169967.87}; only"
        + " in MongoDB's: {\"_id\": 3, \"total\": 0}", r.detail());
    AnswerComparison.Result fewer = AnswerComparison.documents(docs("{_id: 1}"), docs(), false);
    assertTrue(fewer.detail().startsWith("PostgreSQL returned 1 document, MongoDB 0; only in PostgreSQL's:"),
        fewer.detail());
    assertEquals(Verdict.DIFFERENT, AnswerComparison.counts(3, 4).verdict());
    assertEquals(Verdict.SAME, AnswerComparison.counts(4, 4).verdict());
  }

  @Test
  void notANumberAndInfinitiesCompareByValueToo() {
    assertEquals(Verdict.SAME, AnswerComparison.documents(docs("{x: NaN}"), docs("{x: NaN}"), true).verdict());
    assertEquals(Verdict.SAME_WITHIN_JSONB, AnswerComparison.documents(docs("{x: Infinity}"),
        docs("{x: {$numberDecimal: 'Infinity'}}"), true).verdict());
  }

  /** MongoDB does not order documents whose sort keys are equal: such ties are compared as sets. */
  @Test
  void tiesOfASortComeInAnyOrderButTheSortKeysMustMatch() {
    BsonDocument sort = BsonDocument.parse("{q: -1}");
    List<BsonDocument> pg = docs("{_id: 'a', q: 9}", "{_id: 'b', q: 5}", "{_id: 'c', q: 5}", "{_id: 'd', q: 1}");
    List<BsonDocument> mongo = docs("{_id: 'a', q: 9}", "{_id: 'c', q: 5}", "{_id: 'b', q: 5}", "{_id: 'd', q: 1}");
    assertEquals(Verdict.SAME, AnswerComparison.sortedDocuments(pg, mongo, sort, false, false).verdict());
    assertEquals(Verdict.DIFFERENT, AnswerComparison.documents(pg, mongo, true).verdict(), "in strict order they differ");

    List<BsonDocument> otherTie = docs("{_id: 'a', q: 9}", "{_id: 'c', q: 5}", "{_id: 'e', q: 5}", "{_id: 'd', q: 1}");
    AnswerComparison.Result differ = AnswerComparison.sortedDocuments(pg, otherTie, sort, false, false);
    assertEquals(Verdict.DIFFERENT, differ.verdict());
    assertTrue(differ.detail().startsWith("the same sort keys; among the documents tied at positions 2-3: only in"
        + " PostgreSQL's: {\"_id\": \"b\""), differ.detail());

    List<BsonDocument> swappedKeys = docs("{_id: 'a', q: 9}", "{_id: 'b', q: 5}", "{_id: 'd', q: 1}",
        "{_id: 'c', q: 5}");
    assertEquals(Verdict.DIFFERENT, AnswerComparison.sortedDocuments(pg, swappedKeys, sort, false, false).verdict(),
        "the sort keys themselves out of order");
  }

  /** A limit that cuts a run of ties lets each server keep other documents of that run; only their number counts. */
  @Test
  void theRunOfTiesALimitCutMayHoldOtherDocuments() {
    BsonDocument sort = BsonDocument.parse("{q: -1, 'x.y': 1}");
    List<BsonDocument> pg = docs("{_id: 1, q: 9, x: {y: 1}}", "{_id: 2, q: 5, x: {y: 2}}", "{_id: 3, q: 5, x: {y: 2}}");
    List<BsonDocument> mongo = docs("{_id: 1, q: 9, x: {y: 1}}", "{_id: 4, q: 5, x: {y: 2}}",
        "{_id: 2, q: 5, x: {y: 2}}");
    assertEquals(Verdict.SAME, AnswerComparison.sortedDocuments(pg, mongo, sort, false, true).verdict());
    assertEquals(Verdict.DIFFERENT, AnswerComparison.sortedDocuments(pg, mongo, sort, false, false).verdict(),
        "without a limit every tied document must be on both sides");
    assertEquals(Verdict.DIFFERENT, AnswerComparison.sortedDocuments(reversed(mongo), reversed(pg),
        BsonDocument.parse("{q: 1}"), false, true).verdict(), "a skip was not given: the first run is compared");
    assertEquals(Verdict.SAME, AnswerComparison.sortedDocuments(reversed(mongo), reversed(pg),
        BsonDocument.parse("{q: 1}"), true, false).verdict(), "a skip may cut the first run");
  }

  /** One document changed on one side only (a write run there): the field is named, not two cut-off documents. */
  @Test
  void aDocumentWithOtherValuesNamesTheField() {
    AnswerComparison.Result r = AnswerComparison.documents(docs("{_id: 7, a: {b: 1, c: 'x'}, d: 2}", "{_id: 8}"),
        docs("{_id: 8}", "{_id: 7, a: {c: 'y', b: 1}, d: 2}"), false);
    assertEquals(new AnswerComparison.Result(Verdict.DIFFERENT, "the same number of documents (2); document _id 7"
        + " differs at a.c: PostgreSQL \"x\", MongoDB \"y\"; PostgreSQL's: {\"_id\": 7, \"a\": {\"b\": 1, \"c\": \"x\"},"
        + " \"d\": 2}"), r);
  }
}
