package stress.app.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import stress.server.settings.ServerSettings;
import stress.server.TargetKind;
import stress.testing.TestDatabase;

class ToastCompressionLineTest {
  @Test
  void namesTheServersMethodAndPointsAtLz4OnlyUnderPglz() {
    assertEquals("import: rows over about 2 KB are compressed with pglz (default_toast_compression); lz4, where"
        + " the server has it, makes large documents cheaper to load: docs/import.md",
        ToastCompressionLine.line("pglz", TargetKind.POSTGRESQL));
    assertEquals("import: rows over about 2 KB are compressed with lz4 (default_toast_compression)",
        ToastCompressionLine.line("lz4", TargetKind.POSTGRESQL));
    assertEquals("import: rows over about 2 KB are compressed with lz4 (the coordinator's"
        + " default_toast_compression; each worker's own applies to its shards)",
        ToastCompressionLine.line("lz4", TargetKind.CITUS_COORDINATOR));
  }

  @Test
  void aServerWithoutTheSettingGivesNoLine() {
    assertNull(ToastCompressionLine.line(null, TargetKind.GREENPLUM), "before PostgreSQL 14 the setting is unknown");
    assertNull(ToastCompressionLine.line("", TargetKind.XL_COORDINATOR));
  }

  @Test
  void readsTheSettingOfTheSession() throws Exception {
    try (Connection c = TestDatabase.connect(TestDatabase.url("postgres")); Statement s = c.createStatement()) {
      s.execute("SET default_toast_compression = pglz");
      assertEquals("pglz", ServerSettings.read(c).get(ToastCompressionLine.SETTING), "the session's setting, as the"
          + " import reads it");
    }
  }
}
