package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.server.dialect.Dialects;
import stress.server.settings.SessionSetting;
import stress.server.settings.SettingDefinition;
import stress.server.settings.SettingValues;
import stress.table.DocumentTable;
import stress.table.IdType;

/** Value parsing rules that need no server, and the invariants of the small records. */
class SettingValuesTest {

  @ParameterizedTest
  @ValueSource(strings = {"t", "tr", "TRUE", "f", "False", "y", "yes", "n", "NO", "on", "ON", "of", "off", "1", "0"})
  void booleansTheServerAccepts(String value) {
    assertTrue(SettingValues.isBool(value), value);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "o", "2", "01", "onn", "offf", "yess", "truth", " on", "on "})
  void booleansTheServerRefuses(String value) {
    assertFalse(SettingValues.isBool(value), value);
  }

  @Test
  void integersReadLikeStrtolWithBaseZero() {
    SettingDefinition range = new SettingDefinition("n", "8", "user", "integer", List.of(), "0", "10", null);
    assertNull(SettingValues.problem(range, "010")); // octal 8
    assertNull(SettingValues.problem(range, "0xA"));
    assertTrue(SettingValues.problem(range, "0xB").contains("out of range: 11 is outside 0 .. 10"));
    assertTrue(SettingValues.problem(range, "5ms").contains("has unit 'ms', which n does not take"));
  }

  @Test
  void stringsAndUnknownTypesAreLeftToTheServer() {
    assertNull(SettingValues.problem(new SettingDefinition("s", "", "user", "string", null, null, null, null), ""));
    assertNull(SettingValues.problem(new SettingDefinition("e", "a", "user", "enum", List.of(), null, null, null), "x"));
  }

  @Test
  void sessionSettingParsing() {
    assertEquals(new SessionSetting("search_path", "a=b, c"), SessionSetting.parse(" search_path =a=b, c"));
    assertEquals(new SessionSetting("x.y", ""), SessionSetting.parse("x.y="));
    assertEquals("--set 'work_mem' must have the form name=value",
        assertThrows(IllegalArgumentException.class, () -> SessionSetting.parse("work_mem")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> SessionSetting.parse("=1"));
    assertThrows(IllegalArgumentException.class, () -> SessionSetting.parse("a=b\0c"));
  }

  @Test
  void targetInfoCarriesOnlyTheDetailsOfItsKind() {
    ServerVersion v = ServerVersion.parse("15.4");
    assertThrows(IllegalArgumentException.class,
        () -> new TargetInfo(TargetKind.CITUS_COORDINATOR, "PostgreSQL 15.4", v, "13.2.2", null, null, null));
    assertThrows(IllegalArgumentException.class, () -> new TargetInfo(TargetKind.POSTGRESQL, "PostgreSQL 15.4", v,
        null, new CitusNode(1, 32), null, null));
    assertThrows(IllegalArgumentException.class, () -> new TargetInfo(TargetKind.GREENPLUM, "PostgreSQL 15.4", v,
        null, null, new XlNodes("n", List.of(), List.of()), new GreenplumSegments(1)));
  }

  @Test
  void citusWithUnknownShardCountSaysSo() {
    TargetInfo info = new TargetInfo(TargetKind.CITUS_WORKER, "PostgreSQL 15.4", ServerVersion.parse("15.4"),
        "12.1.0", new CitusNode(0, null), null, null);
    assertTrue(info.describeLines().contains("shard count: unknown"), info.describeLines().toString());
    assertTrue(info.describeLines().contains("workers: 0 active"), info.describeLines().toString());
    assertThrows(IllegalStateException.class,
        () -> Dialects.forTarget(info).createDocumentTables(new DocumentTable(null, "t", IdType.INTEGER)));
  }
}
