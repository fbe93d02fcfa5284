package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.model.UsageException;

/** A MongoDB URL is described by hosts, database and user, never its password; a wrong one is refused in one line. */
class MongoTargetTest {
  @Test
  void thePasswordIsNeverShown() {
    assertEquals("mongodb://127.0.0.1:1,127.0.0.2:2/shop as app", MongoTarget.describe(new com.mongodb.ConnectionString(
        "mongodb://app:s3cret@127.0.0.1:1,127.0.0.2:2/shop?authSource=admin")));
    // nothing listens there: the first contact says so in one line, without the password
    MongoTarget.Unreachable refused = assertThrows(MongoTarget.Unreachable.class, () -> MongoTarget.connect(
        "--against", "mongodb://app:s3cret@127.0.0.1:1,127.0.0.2:2/shop?authSource=admin", null).close());
    assertEquals("--against mongodb://app:***@127.0.0.1:1,127.0.0.2:2/shop?authSource=admin: connection refused by"
        + " 127.0.0.1:1; connection refused by 127.0.0.2:2", refused.getMessage());
    assertEquals("mongodb://app:***@h/db", MongoTarget.withoutPassword("mongodb://app:s3cret@h/db"));
    UsageException bad = assertThrows(UsageException.class,
        () -> MongoTarget.connect("--against", "postgres://app:s3cret@h/db", null));
    assertFalse(bad.getMessage().contains("s3cret"), bad.getMessage());
    assertTrue(bad.getMessage().startsWith("--against: a MongoDB URL starts with mongodb:// or mongodb+srv://"),
        bad.getMessage());
    UsageException broken = assertThrows(UsageException.class,
        () -> MongoTarget.connect("--against", "mongodb://app:s3cret@h:notaport/db", null));
    assertFalse(broken.getMessage().contains("s3cret"), broken.getMessage());
  }
}
