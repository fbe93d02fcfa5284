package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * DocumentDB's plans as FerretDB 2.5 answered explain for the shipped orders operations (fixtures/documentdb-0.106,
 * captured from a real server): the index that serves the filter and on which paths, a sort served by an index or a
 * Sort of every matching row, where the limit stops, what is tested on each document read; never FerretDB 1.24's
 * "pushed down" flags, which these answers do not have.
 */
class DocumentDbPlanTest {
  static BsonDocument fixture(String name) {
    try (InputStream in = DocumentDbPlanTest.class.getResourceAsStream("/fixtures/documentdb-0.106/" + name)) {
      return BsonDocument.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aRangeAndASortOnTheIndexedPathsTheIndexServesTheFilterAndASortsEveryMatchingRow() {
    assertEquals("PostgreSQL Limit > Sort > Index Scan on documents_33 (index customer.customerId_1_createdAt_1);"
        + " filter: index customer.customerId_1_createdAt_1 (customer.customerId =, createdAt $gte);"
        + " sort: not served by an index (a Sort on createdAt of every matching row: ~1 by the planner's estimate, as"
        + " explain does not run the query); limit: after sorting every matching row",
        MongoPlan.describe(fixture("customer_since.json")));
  }

  @Test
  void aLimitWithoutASortStopsTheIndexScan() {
    assertEquals("PostgreSQL Limit > Index Scan on documents_33 (index status_1_createdAt_1); filter: index"
        + " status_1_createdAt_1 (status =, createdAt range); limit: stops the scan at 20 rows",
        MongoPlan.describe(fixture("by_status_in_range.json")));
  }

  @Test
  void aConditionNoIndexHoldsIsTestedOnEachDocumentTheIndexFound() {
    assertEquals("PostgreSQL Subquery Scan > Aggregate > Bitmap Heap Scan on documents_33 > Bitmap Index Scan (index"
        + " status_1_createdAt_1); filter: index status_1_createdAt_1 (status $in); priority = tested on each"
        + " document read", MongoPlan.describe(fixture("count_status.json")));
  }

  @Test
  void theIdIndexServesALookupAndASortById() {
    assertEquals("PostgreSQL Index Scan on documents_33 (index _id_); filter: index _id_ (_id =)",
        MongoPlan.describe(fixture("by_id.json")));
    assertEquals("PostgreSQL Limit > Index Scan on documents_33 (index _id_); no filter; sort: read in the order of"
        + " index _id_; limit: stops the scan at 5 rows", MongoPlan.describe(fixture("sort_by_id.json")));
  }

  @Test
  void withoutAnIndexEveryDocumentIsReadAndTheRangeIsNamed() {
    String line = MongoPlan.describe(fixture("no_index_range_sort.json"));
    assertEquals("PostgreSQL Limit > Sort > Seq Scan on documents_33; filter: in no index, every document read (Seq"
        + " Scan), channel =, customer.lifetimeOrders $gt tested on each document read (a range not in an index);"
        + " sort: not served by an index (a Sort on updatedAt of every matching row: ~125 by the planner's estimate,"
        + " as explain does not run the query); limit: after sorting every matching row", line);
    assertFalse(line.contains("pushed down"), line);
  }

  @Test
  void aConditionsPathIsReadFromItsBsonLiteral() {
    assertEquals(List.of("status $in", "_id ="), DocumentDbPlan.conditions("(document OPERATOR("
        + "documentdb_api_catalog.@*=) 'BSONHEX2d0000000473746174757300200000000230000500000070616964000231000800000073"
        + "686970706564000000'::documentdb_core.bson) AND (object_id OPERATOR(documentdb_core.=) "
        + "'BSONHEX0b00000010000700000000'::documentdb_core.bson)"));
    assertEquals("?", DocumentDbPlan.path("0b00"));
  }
}
