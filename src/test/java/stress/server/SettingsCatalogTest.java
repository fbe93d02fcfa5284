package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import stress.server.settings.AppliedSetting;
import stress.server.settings.AppliedSetting.Method;
import stress.server.settings.InvalidSettingsException;
import stress.server.settings.SessionSetting;
import stress.server.settings.SessionSettingsPlan;
import stress.server.settings.SettingDefinition;
import stress.server.settings.SettingsCatalog;
import stress.server.settings.StartupOptions;
import stress.testing.TestDatabase;

/** Session settings validated against, and applied to, the real embedded PostgreSQL 18. */
class SettingsCatalogTest {
  private static String url;
  private static SettingsCatalog catalog;

  @BeforeAll
  static void database() throws SQLException {
    url = TestDatabase.newDatabaseUrl("settings");
    try (Connection c = TestDatabase.connect(url)) {
      catalog = SettingsCatalog.read(c);
    }
  }

  private static SessionSettingsPlan plan(String... settings) {
    return catalog.plan(List.of(settings).stream().map(SessionSetting::parse).toList());
  }

  /** A new connection with the plan applied the way a connection source applies it. */
  private static Connection connect(SessionSettingsPlan plan) throws SQLException {
    Properties props = new Properties();
    props.setProperty("user", "postgres");
    if (!plan.startupOptions().isEmpty()) {
      props.setProperty("options", plan.startupOptions());
    }
    Connection c = DriverManager.getConnection(url, props);
    try (Statement st = c.createStatement()) {
      for (String sql : plan.initStatements()) {
        st.execute(sql);
      }
    }
    return c;
  }

  @Test
  void userSettingBecomesASetStatement() throws SQLException {
    SessionSettingsPlan plan = plan("work_mem=64MB", "statement_timeout=5s", "enable_seqscan=of",
        "plan_cache_mode=FORCE_CUSTOM_PLAN");
    assertEquals(List.of("SET work_mem = '64MB'", "SET statement_timeout = '5s'", "SET enable_seqscan = 'of'",
        "SET plan_cache_mode = 'FORCE_CUSTOM_PLAN'"), plan.initStatements());
    assertEquals("", plan.startupOptions());
    try (Connection c = connect(plan)) {
      assertEquals(Map.of("work_mem", "64MB", "statement_timeout", "5s", "enable_seqscan", "off",
              "plan_cache_mode", "force_custom_plan"),
          SettingsCatalog.readBack(c, List.of("work_mem", "statement_timeout", "enable_seqscan", "plan_cache_mode")));
    }
  }

  @Test
  void backendSettingGoesThroughTheStartupPacket() throws SQLException {
    assertEquals("superuser-backend", catalog.find("log_disconnections").orElseThrow().context());
    assertEquals("backend", catalog.find("ignore_system_indexes").orElseThrow().context());
    SessionSettingsPlan plan = plan("log_disconnections=on", "ignore_system_indexes=true", "work_mem=8MB");
    assertEquals("-c log_disconnections=on -c ignore_system_indexes=true", plan.startupOptions());
    assertEquals(List.of(Method.STARTUP_OPTION, Method.STARTUP_OPTION, Method.SET_STATEMENT),
        plan.applied().stream().map(AppliedSetting::method).toList());
    try (Connection c = connect(plan)) {
      assertEquals(Map.of("log_disconnections", "on", "ignore_system_indexes", "on", "work_mem", "8MB"),
          SettingsCatalog.readBack(c, List.of("log_disconnections", "ignore_system_indexes", "work_mem")));
    }
  }

  @Test
  void serverLevelSettingsAreRefusedWithTheirCurrentValue() {
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class,
        () -> plan("max_connections=10", "shared_buffers=1GB", "checkpoint_timeout=1min", "server_version=99"));
    assertEquals(4, e.problems().size(), e.getMessage());
    assertEquals("max_connections=10: max_connections can only change when the server restarts (context postmaster);"
        + " a session cannot set it. Current value: 300", e.problems().get(0));
    assertTrue(e.problems().get(1).contains("(context postmaster)"), e.problems().get(1));
    assertTrue(e.problems().get(1).endsWith(" * 8kB"), e.problems().get(1));
    assertTrue(e.problems().get(2).contains("(context sighup)"), e.problems().get(2));
    assertTrue(e.problems().get(2).endsWith("Current value: 300s"), e.problems().get(2));
    assertTrue(e.problems().get(3).contains("(context internal)"), e.problems().get(3));
  }

  @Test
  void unknownNameIsAnError() {
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> plan("work_memory=64MB"));
    assertEquals("--set: work_memory=64MB: unknown setting 'work_memory' (not in this server's pg_settings)",
        e.getMessage());
  }

  @Test
  void valuesAreCheckedAgainstTypeUnitAndRange() {
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> plan(
        "work_mem=1B", "maintenance_work_mem=64mb", "temp_buffers=lots", "statement_timeout=5MB",
        "random_page_cost=-1", "plan_cache_mode=sometimes", "enable_seqscan=o", "lock_timeout=3000000000"));
    List<String> p = e.problems();
    assertEquals(8, p.size(), e.getMessage());
    assertTrue(p.get(0).startsWith("work_mem=1B: '1B' is out of range: 0 kB is outside 64 .. 2147483647 kB"), p.get(0));
    assertTrue(p.get(1).startsWith("maintenance_work_mem=64mb: '64mb' has unit 'mb', which maintenance_work_mem does"
        + " not take (base unit kB; units: B, kB, MB, GB, TB)"), p.get(1));
    assertTrue(p.get(2).startsWith("temp_buffers=lots: 'lots' is not an integer (base unit 8kB"), p.get(2));
    assertTrue(p.get(3).startsWith("statement_timeout=5MB: '5MB' has unit 'MB'"), p.get(3));
    assertTrue(p.get(4).startsWith("random_page_cost=-1: '-1' is out of range: -1.0 is outside 0 .. "), p.get(4));
    assertTrue(p.get(5).startsWith("plan_cache_mode=sometimes: 'sometimes' is not one of auto, force_generic_plan,"
        + " force_custom_plan"), p.get(5));
    assertTrue(p.get(6).startsWith("enable_seqscan=o: 'o' is not a boolean"), p.get(6));
    assertTrue(p.get(7).startsWith("lock_timeout=3000000000: '3000000000' is out of range"), p.get(7));
  }

  @Test
  void acceptedValuesAreAcceptedByTheServerToo() throws SQLException {
    SessionSettingsPlan plan = plan("work_mem=0x1000", "maintenance_work_mem = 1.5GB", "temp_buffers=1024",
        "random_page_cost=1.1", "lock_timeout=2min", "jit=Y", "vacuum_cost_delay=2ms");
    try (Connection c = connect(plan)) {
      assertEquals(Map.of("work_mem", "4MB", "maintenance_work_mem", "1536MB", "temp_buffers", "8MB",
              "random_page_cost", "1.1", "lock_timeout", "2min", "jit", "on", "vacuum_cost_delay", "2ms"),
          SettingsCatalog.readBack(c, List.of("work_mem", "maintenance_work_mem", "temp_buffers", "random_page_cost",
              "lock_timeout", "jit", "vacuum_cost_delay")));
    }
  }

  @Test
  void dottedNamesWork() throws SQLException {
    SettingsCatalog withExtension;
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      // an extension's settings (like citus.*) appear in pg_settings once its library is loaded
      st.execute("LOAD 'auto_explain'");
      withExtension = SettingsCatalog.read(c);
    }
    SettingDefinition def = withExtension.find("auto_explain.log_min_duration").orElseThrow();
    assertEquals("superuser", def.context());
    SessionSettingsPlan plan = withExtension.plan(List.of(SessionSetting.parse("auto_explain.log_min_duration=250ms")));
    assertEquals(List.of("SET auto_explain.log_min_duration = '250ms'"), plan.initStatements());
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class,
        () -> withExtension.plan(List.of(SessionSetting.parse("auto_explain.log_min_duration=-5"))));
    assertTrue(e.getMessage().contains("out of range: -5 ms is outside -1 .. 2147483647 ms"), e.getMessage());
    try (Connection c = TestDatabase.connect(url); Statement st = c.createStatement()) {
      st.execute("LOAD 'auto_explain'");
      for (String sql : plan.initStatements()) {
        st.execute(sql);
      }
      assertEquals(Map.of("auto_explain.log_min_duration", "250ms"),
          SettingsCatalog.readBack(c, List.of("auto_explain.log_min_duration")));
    }
  }

  @Test
  void stringValuesAreQuotedAsLiterals() throws SQLException {
    String value = "it's a \\ test; SELECT 1";
    SessionSettingsPlan plan = plan("application_name=" + value);
    assertEquals(List.of("SET application_name = E'it''s a \\\\ test; SELECT 1'"), plan.initStatements());
    try (Connection c = connect(plan)) {
      assertEquals(Map.of("application_name", value), SettingsCatalog.readBack(c, List.of("application_name")));
    }
  }

  @Test
  void listSettingsKeepTheirListShape() throws SQLException {
    SessionSettingsPlan plan = plan("search_path=\"my schema\", public");
    assertEquals(List.of("SELECT pg_catalog.set_config('search_path', '\"my schema\", public', false)"),
        plan.initStatements());
    try (Connection c = connect(plan)) {
      assertEquals(Map.of("search_path", "\"my schema\", public"), SettingsCatalog.readBack(c, List.of("search_path")));
    }
  }

  @Test
  void startupOptionsEscapeSpacesAndBackslashesAsTheServerReadsThem() throws SQLException {
    String value = "two  words\\and\ttab";
    // a placeholder setting: pgjdbc sends its own application_name, which would override one given here
    String options = StartupOptions.of(List.of(new SessionSetting("stress_probe.text", value)));
    assertEquals("-c stress_probe.text=two\\ \\ words\\\\and\\\ttab", options);
    Properties props = new Properties();
    props.setProperty("user", "postgres");
    props.setProperty("options", options + " -c work_mem=5MB");
    try (Connection c = DriverManager.getConnection(url, props)) {
      assertEquals(Map.of("stress_probe.text", value, "work_mem", "5MB"),
          SettingsCatalog.readBack(c, List.of("stress_probe.text", "work_mem")));
    }
  }
}
