package stress.app.against;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The default table beside an imported collection is said to be what it is, not a table written since the import. */
class WritesSinceLoadTest {
  @Test
  void theImportsTableIsTheNamespaceWithAnUnderscore() {
    assertEquals("stress_orders", WritesSinceLoad.importedTable("stress.orders"));
    assertEquals("shop_orders.2024", WritesSinceLoad.importedTable("shop.orders.2024"), "the first dot ends the db");
  }

  @Test
  void theDefaultTableNamesTheImportsOwn() {
    assertEquals("table check_in is the default one (--table not given), not an import of collection stress.orders:"
        + " the import made another (--table stress_orders)",
        WritesSinceLoad.defaultTable("check_in", "stress.orders", "stress_orders", true));
    assertEquals("table check_in is the default one (--table not given), not an import of collection shop.orders:"
        + " the import made another; give it with --table (import names it DB_COLLECTION, shop_orders, which this"
        + " database does not hold)", WritesSinceLoad.defaultTable("check_in", "shop.orders", "shop_orders", false));
  }
}
