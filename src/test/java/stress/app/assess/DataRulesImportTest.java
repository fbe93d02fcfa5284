package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.cli.CliTester;
import stress.dump.bson.DocumentKinds.Kind;
import stress.report.assess.DataSection;
import stress.testing.KindDumps;
import stress.testing.TestDatabase;

/**
 * Every rule of {@link DataRules} held to what {@code stress import} really does: a dump with one collection per kind
 * is scanned (the data section) and imported, as the assessment imports it and with each rule's option, and each
 * stored row or rejection is read back.
 */
class DataRulesImportTest {
  @TempDir
  static Path dir;
  static Path dump;
  static String url;
  static DataSection section;
  static String rejects;
  static String rejectsWithOptions;

  /** What the relaxed import stores at {@code v} for each kind stored as an object. */
  static final Map<String, String> STORED = Map.ofEntries(
      Map.entry("doublenan", "{\"$numberDouble\": \"NaN\"}"),
      Map.entry("doubleinfinity", "{\"$numberDouble\": \"-Infinity\"}"),
      Map.entry("decimal128", "{\"$numberDecimal\": \"1.10\"}"),
      Map.entry("decimal128nanorinfinity", "{\"$numberDecimal\": \"NaN\"}"),
      Map.entry("dateoutsideiso", "{\"$date\": {\"$numberLong\": \"-1000\"}}"),
      Map.entry("javascript", "{\"$code\": \"function(){}\"}"),
      Map.entry("javascriptwithscope", "{\"$code\": \"x\", \"$scope\": {\"x\": 1}}"),
      Map.entry("dbpointer", "{\"$ref\": \"db.c\", \"$id\": {\"$oid\": \"5f0000000000000000000001\"}}"),
      Map.entry("symbol", "{\"$symbol\": \"s\"}"),
      Map.entry("undefined", "{\"$undefined\": true}"),
      Map.entry("minkey", "{\"$minKey\": 1}"),
      Map.entry("maxkey", "{\"$maxKey\": 1}"),
      Map.entry("regularexpression", "{\"$regularExpression\": {\"pattern\": \"^a\", \"options\": \"i\"}}"),
      Map.entry("timestamp", "{\"$timestamp\": {\"t\": 5, \"i\": 6}}"),
      Map.entry("binary", "{\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}"));

  @BeforeAll
  static void importBoth() throws Exception {
    dump = KindDumps.write(dir.resolve("dump"));
    section = DataStep.scan(dump);
    url = TestDatabase.newDatabaseUrl("data_rules");
    Path plain = dir.resolve("rejects.jsonl");
    // as ImportStep runs it: relaxed, repeated fields rejected, abort on an undecodable document
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString(), "--rejects",
        plain.toString());
    assertEquals(3, r.exitCode(), r.all());
    Path optioned = dir.resolve("rejects-options.jsonl");
    CliTester.Result o = CliTester.run("--url", url, "-U", "postgres", "import", dump.toString(), "--rejects",
        optioned.toString(), "--table-prefix", "opt_", "--repeated-fields", "last", "--on-error", "skip",
        "--json-mode", "canonical");
    assertEquals(3, o.exitCode(), o.all());
    rejects = Files.readString(plain);
    rejectsWithOptions = Files.readString(optioned);
  }

  static DataSection.Collection collection(String name) {
    return section.collections().stream().filter(c -> c.ns().equals(KindDumps.DB + "." + name)).findFirst()
        .orElseThrow(() -> new AssertionError("no collection " + name + " in " + section));
  }

  @Test
  void eachKindIsFoundInItsCollectionAloneWithItsId() {
    for (Kind k : Kind.values()) {
      String name = DataRules.key(k).toLowerCase(Locale.ROOT);
      DataSection.Collection c = collection(name);
      List<String> kinds = c.findings().stream().map(DataSection.Finding::kind).toList();
      List<String> expected = k == Kind.DECIMAL128_NAN_OR_INFINITY ? List.of("decimal128", DataRules.key(k))
          : List.of(DataRules.key(k));
      assertEquals(expected, kinds, name);
      DataSection.Finding f = c.findings().get(c.findings().size() - 1);
      assertEquals(1, f.documents(), name);
      String id = k == Kind.NO_ID ? "#0" : k == Kind.UNDECODABLE ? "#1" : "1";
      if (k != Kind.REPEATED_FIELD_IN_ID) {
        assertEquals(List.of(id), f.sampleIds(), name);
      }
    }
    assertTrue(collection("plain").findings().isEmpty());
    assertEquals(150, collection("deep").deepest());
    assertEquals(1, collection("plain").deepest());
  }

  @Test
  void rejectedKindsAreRejectedAndTheOptionLoadsOnlyThoseItNames() throws SQLException {
    for (Kind k : Kind.values()) {
      DataSection.Rule rule = DataRules.RULES.get(k);
      if (!rule.outcome().equals("rejected")) {
        continue;
      }
      String name = DataRules.key(k).toLowerCase(Locale.ROOT);
      DataSection.Collection c = collection(name);
      assertEquals(1, c.rejected(), name);
      assertEquals(rule.loadableWithOption() ? 0 : 1, c.blocked(), name);
      assertEquals(0, count("kinds_" + name), name);
      assertTrue(rejects.contains("\"kinds." + name + "\""), name + " not in the rejects file: " + rejects);
      assertEquals(rule.loadableWithOption() ? 1 : 0, count("opt_kinds_" + name), name + " with " + rule.option());
    }
    assertEquals("--repeated-fields last", collection("repeatedfield").withOption());
  }

  @Test
  void anUndecodableDocumentStopsItsCollectionUnlessOnErrorSkip() throws SQLException {
    DataSection.Collection c = collection("undecodable");
    assertEquals(3, c.documents());
    assertEquals(1, c.blocked());
    assertEquals("stops-collection", DataRules.RULES.get(Kind.UNDECODABLE).outcome());
    assertEquals(1, count("kinds_undecodable"));
    assertEquals(2, count("opt_kinds_undecodable"));
  }

  @Test
  void storedKindsAreTheObjectsTheRulesName() throws SQLException {
    for (Map.Entry<String, String> e : STORED.entrySet()) {
      String name = e.getKey();
      DataSection.Finding f = collection(name).findings().get(collection(name).findings().size() - 1);
      DataSection.Rule rule = DataRules.all().stream().filter(r -> r.kind().equals(f.kind())).findFirst().orElseThrow();
      assertEquals("stored-as-object", rule.outcome(), name);
      assertFalse(rule.rejects(), name);
      assertEquals(0, collection(name).rejected(), name);
      assertEquals("object", text("SELECT jsonb_typeof(data->'v') FROM kinds_" + name), name);
      assertEquals("t", text("SELECT (data->'v' = '" + e.getValue() + "'::jsonb)::text FROM kinds_" + name)
          .substring(0, 1), name + ": " + text("SELECT data->>'v' FROM kinds_" + name));
      String firstKey = e.getValue().substring(0, e.getValue().indexOf(':'));
      assertTrue(rule.storedAs().startsWith(firstKey), name + ": " + rule.storedAs());
    }
  }

  @Test
  void negativeZeroIsStoredAsZeroAndCanonicalKeepsIt() throws SQLException {
    assertEquals("stored-changed", DataRules.RULES.get(Kind.DOUBLE_NEGATIVE_ZERO).outcome());
    assertEquals("0.0", text("SELECT data->>'v' FROM kinds_doublenegativezero"));
    assertEquals("--json-mode canonical", DataRules.RULES.get(Kind.DOUBLE_NEGATIVE_ZERO).option());
    assertEquals("-0.0", text("SELECT data->'v'->>'$numberDouble' FROM opt_kinds_doublenegativezero"));
  }

  @Test
  void datesOfEveryYearAreOneFormUnderCanonical() throws SQLException {
    assertEquals("string", text("SELECT jsonb_typeof(data->'d'->'$date') FROM kinds_plain"));
    assertEquals("--json-mode canonical", DataRules.RULES.get(Kind.DATE_OUTSIDE_ISO).option());
    assertNotNull(text("SELECT data->'d'->'$date'->>'$numberLong' FROM opt_kinds_plain"));
    assertEquals("-1000", text("SELECT data->'v'->'$date'->>'$numberLong' FROM opt_kinds_dateoutsideiso"));
  }

  @Test
  void deepDocumentsAreStored() throws SQLException {
    assertEquals(1, count("kinds_deep"));
    assertEquals("1", text("SELECT data #>> '{v" + ",a".repeat(149) + "}' FROM kinds_deep"));
  }

  private static long count(String table) throws SQLException {
    return Long.parseLong(text("SELECT count(*) FROM " + table));
  }

  private static String text(String sql) throws SQLException {
    try (Connection c = TestDatabase.connect(url); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        sql)) {
      assertTrue(rs.next(), sql);
      return rs.getString(1);
    }
  }
}
