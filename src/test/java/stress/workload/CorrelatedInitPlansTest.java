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

  @Test
  void placeholdersAreNumberedOutsideLiteralsAndTheEscapedOperatorIsKept() {
    assertEquals("SELECT data FROM t WHERE data ? 'a' AND data @? 'lax $.\"b\" ? (@ == 1)' AND _id = $1 LIMIT $2",
        CorrelatedInitPlans.numbered("SELECT data FROM t WHERE data ?? 'a' AND data @?? 'lax $.\"b\" ? (@ == 1)'"
            + " AND _id = ? LIMIT ?"));
  }
}
