package stress.dump.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamespaceFilterTest {
  @Test
  void globsMatchWholeNamesWithStarAndQuestionMarkOnly() {
    assertTrue(NamespaceFilter.matches("or*", "orders"));
    assertTrue(NamespaceFilter.matches("order?", "orders"));
    assertFalse(NamespaceFilter.matches("order?", "order"));
    assertTrue(NamespaceFilter.matches("*", ""));
    assertTrue(NamespaceFilter.matches("a.b", "a.b"));
    assertFalse(NamespaceFilter.matches("a.b", "axb"), "a dot is literal");
    assertTrue(NamespaceFilter.matches("caf[é]s", "caf[é]s"), "brackets are literal");
    assertFalse(NamespaceFilter.matches("orders", "orders2"));
  }

  @Test
  void includeThenExcludeForDatabasesAndCollections() {
    NamespaceFilter filter = new NamespaceFilter(List.of("shop*"), List.of("shop_old"), List.of(), List.of("tmp_*"));
    assertNull(filter.rejection(new Namespace("shop", "orders")));
    assertEquals("database 'admin' matches no include pattern [shop*]", filter.rejection(new Namespace("admin", "x")));
    assertEquals("database 'shop_old' matches exclude pattern 'shop_old'", filter.rejection(new Namespace("shop_old", "x")));
    assertEquals("collection 'tmp_1' matches exclude pattern 'tmp_*'", filter.rejection(new Namespace("shop", "tmp_1")));
    assertTrue(NamespaceFilter.all().accepts(new Namespace("", "oplog")));
  }

  @Test
  void emptyPatternIsAUsageError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new NamespaceFilter(List.of(""), List.of(), List.of(), List.of()));
    assertTrue(e.getMessage().startsWith("includeDatabases: empty pattern"), e.getMessage());
  }
}
