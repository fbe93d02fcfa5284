package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.server.settings.ServerSettings;
import stress.testing.TestDatabase;

class ServerSettingsTest {

  @Test
  void readsTheSettingsThisServerHasInReportOrder() throws Exception {
    try (Connection c = TestDatabase.connect(TestDatabase.url("postgres"))) {
      Map<String, String> settings = ServerSettings.read(c);
      assertEquals("300", settings.get("max_connections"), "the test server runs with 300");
      assertTrue(settings.get("shared_buffers").contains("unit 8kB"), settings.toString());
      assertFalse(settings.containsKey("citus.shard_count"), "absent settings are left out");
      assertTrue(settings.get("default_toast_compression").matches("pglz|lz4"), "how large documents are stored");
      List<String> order = List.copyOf(settings.keySet());
      assertEquals(ServerSettings.NAMES.stream().filter(settings::containsKey).toList(), order);
    }
  }
}
