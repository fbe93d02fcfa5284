package stress.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * Which Greenplum 7 plans hold the init plan that crashes its coordinator, from plans captured on such a cluster
 * (src/test/resources/fixtures/greenplum-initplans, README there).
 */
class CorrelatedInitPlansTest {
  private static JsonNode plan(String file) throws IOException {
    try (InputStream in = CorrelatedInitPlansTest.class.getResourceAsStream("/fixtures/greenplum-initplans/" + file)) {
      return new ObjectMapper().readTree(in).get(0).get("Plan");
    }
  }

  @Test
  void anInitPlanReadingTheOuterRowIsFound() throws IOException {
    assertEquals("(o.data -> 'status'::text)", CorrelatedInitPlans.find(plan("outer-column.json")));
  }

  @Test
  void anOuterColumnUnderAQuotedTableNameIsFound() throws IOException {
    String found = CorrelatedInitPlans.find(plan("quoted-outer-column.json"));
    assertTrue(found != null && found.contains("\"sample_Northwind_Orders\".data"), String.valueOf(found));
  }

  @Test
  void anInitPlanReadingItsOwnScanIsNotFound() throws IOException {
    assertNull(CorrelatedInitPlans.find(plan("own-scan.json")));
  }

  @Test
  void aCorrelatedSubPlanAndAJsonPathLiteralAreNotFound() throws IOException {
    assertNull(CorrelatedInitPlans.find(plan("subplan-literal.json")));
  }

  /**
   * PostgreSQL plans the same statement with the same init plan (and runs it): the check prepares it with its
   * placeholder, reads the generic plan, and leaves the session as it found it.
   */
  @Test
  void theServersGenericPlanIsReadAndTheSessionLeftAsItWas() throws java.sql.SQLException {
    String url = stress.testing.TestDatabase.newDatabaseUrl("initplans");
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "postgres", "");
         java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (_id integer PRIMARY KEY, data jsonb)");
      String outer = "SELECT (SELECT (SELECT o.data -> 'a')) FROM t o WHERE o._id = ?";
      assertEquals("(o.data -> 'a'::text)", CorrelatedInitPlans.find(c, outer, 1));
      assertNull(CorrelatedInitPlans.find(c, "SELECT (SELECT o.data -> 'a') FROM t o WHERE o._id = ? AND data ?? 'a'",
          1));
      assertTrue(c.getAutoCommit());
      try (java.sql.ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_prepared_statements"
          + " WHERE name = 'stress_initplan_check'")) {
        rs.next();
        assertEquals(0, rs.getInt(1), "the check's prepared statement is deallocated");
      }
    }
  }

  /**
   * The {@code $lookup} forms written for Greenplum 7 (a join per key, the matches gathered per document): the
   * generic plan PostgreSQL makes of each holds no init plan that reads the row outside it, whether the foreign
   * field is {@code _id}, a dotted path or an array, and the local field a dotted path.
   */
  @Test
  void theLookupFormsForGreenplumHoldNoInitPlanReadingTheOuterRow() throws java.sql.SQLException {
    String url = stress.testing.TestDatabase.newDatabaseUrl("initplans_lookup");
    java.util.Map<String, stress.mongo.value.ForeignCollection> foreign = java.util.Map.of(
        "orders", new stress.mongo.value.ForeignCollection("orders", stress.table.IdType.INTEGER),
        "customers", new stress.mongo.value.ForeignCollection("customers", stress.table.IdType.TEXT));
    stress.mongo.value.TranslationTarget greenplum = new stress.mongo.value.TranslationTarget(stress.mongo.value.PathCatalog.NONE, true,
        java.util.Map.of(), stress.table.IdType.INTEGER, foreign, false).withDeepCorrelation(false);
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "postgres", "");
         java.sql.Statement s = c.createStatement()) {
      s.execute("CREATE TABLE orders (_id integer PRIMARY KEY, data jsonb)");
      s.execute("CREATE TABLE customers (_id text PRIMARY KEY, data jsonb)");
      for (String lookup : java.util.List.of(
          "{from: 'orders', localField: 'customer.customerId', foreignField: 'customer.customerId', as: 'same'}",
          "{from: 'customers', localField: 'Customer.Id', foreignField: '_id', as: 'customer'}",
          "{from: 'customers', localField: 'account_id', foreignField: 'accounts', as: 'owners'}")) {
        org.bson.BsonDocument spec = org.bson.BsonDocument.parse("{pipeline: [{$match: {_id: 1}}, {$lookup: " + lookup
            + "}, {$project: {n: {$size: {$ifNull: ['$same', []]}}, c: '$customer.CompanyName',"
            + " o: '$owners.username'}}]}");
        String sql = stress.mongo.MongoStatement.translate("aggregate", spec, new stress.mongo.value.Parameters(
            java.util.List.of()), greenplum).statement().sql().replace("{table}", "orders");
        assertNull(CorrelatedInitPlans.find(c, sql, 0), sql);
      }
    }
  }

  /**
   * The same forms as Greenplum 7 planned them (captured there, EXPLAIN only; each then ran with 0 errors and no
   * crash): no init plan reads a column of the row outside it.
   */
  @Test
  void theLookupFormsAsGreenplumPlannedThemHoldNoSuchInitPlan() throws IOException {
    for (String file : java.util.List.of("lookup-same-customer.json", "lookup-foreign-id.json",
        "lookup-foreign-array.json")) {
      assertNull(CorrelatedInitPlans.find(plan(file)), file);
    }
  }

  @Test
  void placeholdersAreNumberedOutsideLiteralsAndTheEscapedOperatorIsKept() {
    assertEquals("SELECT data FROM t WHERE data ? 'a' AND data @? 'lax $.\"b\" ? (@ == 1)' AND _id = $1 LIMIT $2",
        CorrelatedInitPlans.numbered("SELECT data FROM t WHERE data ?? 'a' AND data @?? 'lax $.\"b\" ? (@ == 1)'"
            + " AND _id = ? LIMIT ?"));
  }
}
