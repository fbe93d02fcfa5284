package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/** Detection against the real embedded PostgreSQL 18. */
class TargetDetectorTest {
  private static String url;

  @BeforeAll
  static void database() {
    url = TestDatabase.newDatabaseUrl("detect");
  }

  @Test
  void embeddedServerIsPlainPostgres18() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      TargetInfo info = TargetDetector.detect(c);
      assertEquals(TargetKind.POSTGRESQL, info.kind());
      assertEquals(18, info.serverVersion().major());
      assertEquals(serverVersionNum(c), info.serverVersion().versionNum());
      assertTrue(info.version().startsWith("PostgreSQL 18."), info.version());
      assertNull(info.productVersion());
      assertEquals("target: PostgreSQL", info.describeLines().get(0));
    }
  }

  @Test
  void probesFindNothingOnPlainPostgres() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      CatalogFacts facts = TargetDetector.readFacts(c);
      assertNull(facts.citus().extversion());
      assertNull(facts.citus().shardCountSetting());
      assertNull(facts.citusNode());
      assertEquals(new CatalogFacts.XlProbe(false, null, false), facts.xl());
      assertEquals(new CatalogFacts.GreenplumProbe(null, null, false), facts.greenplum());
      assertTrue(facts.xlNodes().isEmpty());
      assertTrue(facts.gpSegments().isEmpty());
    }
  }

  @Test
  void preNineSixQueryFormsReadTheSameFacts() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      assertEquals(TargetDetector.readFacts(c, false), TargetDetector.readFacts(c, true));
    }
  }

  @Test
  void detectionInsideATransactionLeavesItUsable() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      c.setAutoCommit(false);
      TargetDetector.detect(c);
      // had any probe failed, this would be refused with 25P02 (transaction aborted)
      assertEquals(18, serverVersionNum(c) / 10000);
      c.commit();
    }
  }

  @Test
  void failingCitusNodeProbeIsReportedAndDoesNotPoisonTheTransaction() throws SQLException {
    try (Connection c = TestDatabase.connect(url)) {
      c.setAutoCommit(false);
      SQLException e = assertThrows(SQLException.class, () -> TargetDetector.citusNode(c, "13.2-1"));
      assertEquals("42883", e.getSQLState());
      assertTrue(e.getMessage().startsWith("the citus extension 13.2-1 is installed"), e.getMessage());
      assertTrue(e.getMessage().contains("citus_is_coordinator"), e.getMessage());
      assertEquals(18, serverVersionNum(c) / 10000);
      c.commit();
    }
  }

  private static int serverVersionNum(Connection c) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SHOW server_version_num")) {
      rs.next();
      return Integer.parseInt(rs.getString(1));
    }
  }
}
