package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static stress.server.PsqlOutput.fixture;
import static stress.server.PsqlOutput.firstTable;
import static stress.server.PsqlOutput.section;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.server.settings.AppliedSetting;
import stress.server.settings.AppliedSetting.Method;
import stress.server.settings.InvalidSettingsException;
import stress.server.settings.SessionSetting;
import stress.server.settings.SessionSettingsPlan;
import stress.server.settings.SettingDefinition;
import stress.server.settings.SettingsCatalog;

/** Planning --set requests against the pg_settings rows captured on a Postgres-XL 10r1.1 coordinator. */
class SettingsCatalogFixtureTest {
  private static final SettingsCatalog XL = catalog(fixture("pgxl-10r1.1/gucs_context_and_set_behaviour.txt"));

  private static SettingsCatalog catalog(String text) {
    List<SettingDefinition> defs = firstTable(text).stream().map(SettingsCatalogFixtureTest::definition).toList();
    return new SettingsCatalog(defs);
  }

  // the captured query has no min_val, max_val or unit columns; those stay null
  private static SettingDefinition definition(Map<String, String> row) {
    return new SettingDefinition(row.get("name"), row.get("setting"), row.get("context"), row.get("vartype"),
        PsqlOutput.textArray(row.get("enumvals")), null, null, null);
  }

  private static SessionSettingsPlan plan(String... settings) {
    return XL.plan(List.of(settings).stream().map(SessionSetting::parse).toList());
  }

  @Test
  void readsTheCapturedRows() {
    assertEquals(28, XL.size());
    SettingDefinition snapshot = XL.find("global_snapshot_source").orElseThrow();
    assertEquals(List.of(""), snapshot.enumvals());
    assertEquals("user", snapshot.context());
  }

  @Test
  void xlBenchmarkSettingsGoWhereTheServerAcceptsThem() {
    SessionSettingsPlan plan = plan("persistent_datanode_connections=on", "global_snapshot_source=coordinator",
        "enable_fast_query_shipping=off", "log_gtm_stats=on");
    assertEquals("-c persistent_datanode_connections=on", plan.startupOptions());
    assertEquals(List.of(
        "SET global_snapshot_source = 'coordinator'",
        "SET enable_fast_query_shipping = 'off'",
        "SET log_gtm_stats = 'on'"), plan.initStatements());
    assertEquals(List.of(
        new AppliedSetting("persistent_datanode_connections", "on", "backend", Method.STARTUP_OPTION),
        new AppliedSetting("global_snapshot_source", "coordinator", "user", Method.SET_STATEMENT),
        new AppliedSetting("enable_fast_query_shipping", "off", "user", Method.SET_STATEMENT),
        new AppliedSetting("log_gtm_stats", "on", "superuser", Method.SET_STATEMENT)), plan.applied());
  }

  @Test
  void hiddenEnumValuesOfAKnownSettingAreCheckedAgainstItsKnownValues() {
    // pg_settings shows {""} for global_snapshot_source; the capture shows the server refusing 'bogus' at SET time
    String capture = fixture("pgxl-10r1.1/gucs_context_and_set_behaviour.txt");
    assertTrue(capture.contains("ERROR:  invalid value for parameter \"global_snapshot_source\": \"bogus\""));
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> plan("global_snapshot_source=bogus"));
    assertEquals("--set: global_snapshot_source=bogus: 'bogus' is not one of gtm, coordinator", e.getMessage());
    assertEquals(List.of("SET global_snapshot_source = 'coordinator'"),
        plan("global_snapshot_source=coordinator").initStatements());
  }

  @Test
  void hiddenEnumValuesOfAnUnknownSettingAreLeftToTheServer() {
    SettingDefinition hidden = new SettingDefinition("some_xl_enum", "a", "user", "enum", List.of(""), null, null, null);
    SettingsCatalog catalog = new SettingsCatalog(List.of(hidden));
    assertEquals(List.of("SET some_xl_enum = 'whatever'"),
        catalog.plan(List.of(SessionSetting.parse("some_xl_enum=whatever"))).initStatements());
  }

  @Test
  void listedEnumValuesAreChecked() {
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> plan("remotetype=bogus"));
    assertEquals("--set: remotetype=bogus: 'bogus' is not one of application, coordinator, datanode, gtm, gtmproxy",
        e.getMessage());
    assertEquals("-c remotetype=Coordinator", plan("remotetype=Coordinator").startupOptions());
  }

  @Test
  void reportsEveryProblemAtOnce() {
    InvalidSettingsException e = assertThrows(InvalidSettingsException.class, () -> plan(
        "no_such_thing=1", "max_pool_size=10", "pgxc_node_name=coord9", "gtm_connect_timeout=soon",
        "persistent_datanode_connections=maybe", "remote_query_cost=cheap", "sequence_range=5", "SEQUENCE_RANGE=6",
        "enable_fast_query_shipping=on"));
    assertEquals(List.of(
        "no_such_thing=1: unknown setting 'no_such_thing' (not in this server's pg_settings)",
        "max_pool_size=10: max_pool_size is set in the server configuration and changes only on reload"
            + " (context sighup); a session cannot set it. Current value: 400",
        "pgxc_node_name=coord9: pgxc_node_name can only change when the server restarts (context postmaster);"
            + " a session cannot set it. Current value: coord1",
        "gtm_connect_timeout=soon: 'soon' is not an integer",
        "persistent_datanode_connections=maybe: 'maybe' is not a boolean (on, off, true, false, yes, no, 1, 0)",
        "remote_query_cost=cheap: 'cheap' is not a number",
        "SEQUENCE_RANGE=6: sequence_range is given more than once"), e.problems());
    assertTrue(e.getMessage().startsWith("--set: 7 problems: no_such_thing=1: unknown setting"), e.getMessage());
  }

  @Test
  void namesMatchCaseInsensitivelyAndComeOutCanonical() {
    SessionSettingsPlan plan = plan("Enable_Fast_Query_Shipping=on", "Persistent_Datanode_Connections=on");
    assertEquals(List.of("SET enable_fast_query_shipping = 'on'"), plan.initStatements());
    assertEquals("-c persistent_datanode_connections=on", plan.startupOptions());
  }

  @Test
  void datanodeRowsAreTheSameSettings() {
    String text = fixture("pgxl-10r1.1/gucs_pg_settings.txt");
    SettingsCatalog datanode = catalog(section(text, "######## datanode dn1", null));
    SettingsCatalog coordinator = catalog(section(text, "######## coordinator coord1", "######## datanode"));
    assertEquals(19, datanode.size());
    assertEquals("dn1", datanode.find("pgxc_node_name").orElseThrow().setting());
    assertEquals(coordinator.find("persistent_datanode_connections"), datanode.find("persistent_datanode_connections"));
  }
}
