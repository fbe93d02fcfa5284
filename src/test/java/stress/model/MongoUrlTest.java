package stress.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** What a MongoDB URL's text names: its database, and whether two spellings are one connection. */
class MongoUrlTest {
  @Test
  void theDatabaseIsThePathUpToItsFirstDot() {
    assertNull(MongoUrl.read("mongodb://h:1/").database());
    assertNull(MongoUrl.read("mongodb://h:1").database());
    assertNull(MongoUrl.read("mongodb://h:1/?authSource=admin").database());
    assertEquals("shop", MongoUrl.read("mongodb://u:p@h:1/shop?authSource=admin").database());
    assertEquals("shop", MongoUrl.read("mongodb+srv://cluster0.example.net/shop").database());
    MongoUrl withCollection = MongoUrl.read("mongodb://h/shop.orders.2024");
    assertEquals("shop", withCollection.database());
    assertEquals("orders.2024", withCollection.collection());
    assertEquals("my db", MongoUrl.read("mongodb://h/my%20db").database());
    assertNull(MongoUrl.read("postgresql://h/shop"), "not a MongoDB URL: connecting refuses it");
    assertNull(MongoUrl.read(null));
  }

  @Test
  void spellingsOfOneConnectionShareTheirKey() {
    String key = MongoUrl.read("mongodb://127.0.0.1:27017/").key();
    for (String same : new String[] {"mongodb://127.0.0.1:27017", "mongodb://127.0.0.1", "mongodb://127.0.0.1/shop",
        "mongodb://127.0.0.1:27017/?"}) {
      assertEquals(key, MongoUrl.read(same).key(), same);
    }
    assertEquals(MongoUrl.read("mongodb://A:1,b:2/?w=1&readPreference=secondary").key(),
        MongoUrl.read("mongodb://b:2,a:1/?readpreference=secondary&w=1").key(), "hosts and options in any order");
    assertEquals(MongoUrl.read("mongodb://u:one@h/").key(), MongoUrl.read("mongodb://u:two@h/").key(),
        "the password is no part of it");
    for (String other : new String[] {"mongodb://localhost:27017/", "mongodb://127.0.0.1:27018/",
        "mongodb://u@127.0.0.1:27017/", "mongodb://127.0.0.1:27017/?readPreference=secondary",
        "mongodb+srv://127.0.0.1/"}) {
      assertNotEquals(key, MongoUrl.read(other).key(), other);
    }
  }

  @Test
  void whatIsShownHoldsNoPassword() {
    MongoUrl url = MongoUrl.read("mongodb://app:s3cret@db1:27017,db2/shop?authSource=admin");
    assertEquals("mongodb://db1:27017,db2/shop", url.shown());
    assertFalse(url.key().contains("s3cret"), url.key());
  }
}
