package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.mongodb.AnswerComparison.Verdict;

/** Two servers' answers: the same, the same within what jsonb keeps (key order, number kinds), or different. */
class AnswerComparisonTest {
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
        docs("{_id: 2, total: 5}", "{_id: 1, total: 0}"), false);
    assertEquals(Verdict.DIFFERENT, r.verdict());
    assertEquals("the same number of documents (2); only in PostgreSQL's: {\"_id\": 1, \"total\": 169967.87}; only"
        + " in MongoDB's: {\"_id\": 1, \"total\": 0}", r.detail());
    AnswerComparison.Result fewer = AnswerComparison.documents(docs("{_id: 1}"), docs(), false);
    assertTrue(fewer.detail().startsWith("PostgreSQL returned 1 documents, MongoDB 0; only in PostgreSQL's:"),
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
}
