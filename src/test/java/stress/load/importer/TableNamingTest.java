package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.dump.naming.Namespace;
import stress.load.LoadException;

class TableNamingTest {
  private static final Namespace ORDERS = new Namespace("shop", "orders");

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void derivedNamesJoinDatabaseAndCollectionAsSpelled() {
    TableNaming naming = TableNaming.defaults();
    assertEquals("shop_orders", naming.nameFor(ORDERS));
    assertEquals("sample_Northwind_Order Details", naming.nameFor(new Namespace("sample_Northwind", "Order Details")));
    assertEquals("timeseries_test_system.buckets.foo_ts",
        naming.nameFor(new Namespace("timeseries_test", "system.buckets.foo_ts")));
    assertEquals("oplog", naming.nameFor(new Namespace("", "oplog")));
    assertEquals("x_shop_orders", new TableNaming(null, null, "x_").nameFor(ORDERS));
    assertEquals("mine", new TableNaming("s", "mine", null).nameFor(ORDERS));
  }

  @Test
  void longNamesKeepTheirStartAndGetAHashOfTheFullName() {
    String collection = "a".repeat(100);
    String name = TableNaming.defaults().nameFor(new Namespace("db", collection));
    assertEquals(TableNaming.MAX_TABLE_BYTES, bytes(name));
    assertTrue(name.startsWith("db_aaaa"), name);
    assertTrue(name.matches(".{" + TableNaming.KEPT_BYTES + "}_[0-9a-f]{8}"), name);
    assertEquals(name, TableNaming.fit("db_" + collection), "deterministic");
    String other = TableNaming.fit("db_" + "a".repeat(99) + "b");
    assertNotEquals(name, other, "names that differ after the cut stay apart");
    assertEquals(name.substring(0, TableNaming.KEPT_BYTES), other.substring(0, TableNaming.KEPT_BYTES));
    assertEquals("x".repeat(58), TableNaming.fit("x".repeat(58)), "58 bytes fit as they are");
  }

  @Test
  void shortensSaysWhichDerivedNamesWereCut() {
    TableNaming prefixed = new TableNaming(null, null, "c_");
    Namespace atLimit = new Namespace("db", "k".repeat(58 - "c_db_".length()));
    Namespace over = new Namespace("db", "k".repeat(59 - "c_db_".length()));
    assertEquals("c_db_" + atLimit.collection(), prefixed.nameFor(atLimit));
    assertFalse(prefixed.shortens(atLimit));
    assertEquals("c_db_" + over.collection(), prefixed.derivedName(over));
    assertTrue(prefixed.shortens(over));
    assertEquals(TableNaming.fit("c_db_" + over.collection()), prefixed.nameFor(over));
    assertFalse(new TableNaming(null, "t", "").shortens(over), "--table is never shortened");
  }

  @Test
  void theCutFallsBetweenCharacters() {
    String name = TableNaming.fit("é".repeat(40)); // 80 bytes, 2 per character
    assertTrue(bytes(name) <= TableNaming.MAX_TABLE_BYTES, name);
    assertEquals("é".repeat(24) + "_", name.substring(0, 25), "24 whole characters (48 bytes) fit in 49");
    String emoji = TableNaming.fit("\uD83D\uDE00".repeat(20)); // 4 bytes each
    assertTrue(emoji.startsWith("\uD83D\uDE00".repeat(12) + "_"), emoji);
  }

  @Test
  void anExplicitTableThatIsTooLongIsRefusedNotShortened() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new TableNaming(null, "t".repeat(59), null));
    assertEquals("--table '" + "t".repeat(59) + "' is 59 bytes of UTF-8; at most 58 fit (PostgreSQL keeps 63 and the"
        + " copy table appends _copy)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new TableNaming("s".repeat(64), null, null));
    IllegalArgumentException both = assertThrows(IllegalArgumentException.class, () -> new TableNaming(null, "t", "p_"));
    assertEquals("--table and --table-prefix exclude each other", both.getMessage());
  }

  @Test
  void anExplicitTableTakesOneCollectionOnly() {
    TableNaming naming = new TableNaming(null, "t", null);
    assertEquals(Map.of(ORDERS, "t"), naming.assign(List.of(ORDERS), List.of()));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> naming.assign(List.of(ORDERS, new Namespace("shop", "users")), List.of()));
    assertTrue(e.getMessage().startsWith("--table names one table, but 2 collections were found (shop.orders,"
        + " shop.users)"), e.getMessage());
  }

  @Test
  void collisionsStopTheImportNamingBothCollections() {
    LoadException e = assertThrows(LoadException.class, () -> TableNaming.defaults().assign(
        List.of(new Namespace("a_b", "c"), new Namespace("a", "b_c")), List.of()));
    assertTrue(e.getMessage().contains("collection a.b_c needs table 'a_b_c', which is taken by collection a_b.c"),
        e.getMessage());

    LoadException copy = assertThrows(LoadException.class, () -> TableNaming.defaults().assign(
        List.of(new Namespace("a", "b"), new Namespace("a", "b_copy")), List.of()));
    assertTrue(copy.getMessage().contains("needs table 'a_b_copy', which is taken by collection a.b (copy table)"),
        copy.getMessage());

    LoadException reserved = assertThrows(LoadException.class, () -> TableNaming.defaults().assign(
        List.of(new Namespace("stress", "import_progress")), List.of(ProgressTable.NAME)));
    assertTrue(reserved.getMessage().contains("which is the import progress table"), reserved.getMessage());
  }

  @Test
  void lowerCaseNamesFoldAsciiLettersOnlyAndStillRefuseCollisions() {
    TableNaming folded = new TableNaming(null, null, "Pre_", true);
    assertEquals("pre_sample_northwind_orders", folded.nameFor(new Namespace("sample_Northwind", "Orders")));
    assertEquals("pre_bücher_Ärger", folded.nameFor(new Namespace("Bücher", "ÄRGER")), "as PostgreSQL folds: ASCII only");
    String longName = "A".repeat(70);
    assertEquals(TableNaming.fit("pre_" + "a".repeat(70)), folded.nameFor(new Namespace("", longName)),
        "folded before it is shortened");

    LoadException clash = assertThrows(LoadException.class, () -> folded.assign(
        List.of(new Namespace("Shop", "orders"), new Namespace("shop", "Orders")), List.of()));
    assertTrue(clash.getMessage().contains("collection shop.Orders needs table 'pre_shop_orders', which is taken by"
        + " collection Shop.orders"), clash.getMessage());

    IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
        () -> new TableNaming(null, "Mine", null, true));
    assertEquals("--table and --lower-case-names exclude each other: --table names the table itself", both.getMessage());
  }
}
