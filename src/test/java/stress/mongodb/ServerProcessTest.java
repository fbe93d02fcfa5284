package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * One server under two addresses, told by what it says of itself: the same process (host, pid and start), or the same
 * replica set (its name and a member in common); answers as FerretDB 1.24 and MongoDB give them.
 */
class ServerProcessTest {
  /** FerretDB v1.24.2's serverStatus (its fields read here), at {@code now} after {@code uptimeMillis}. */
  private static BsonDocument status(String host, long pid, long now, long uptimeMillis) {
    return BsonDocument.parse("{host: '" + host + "', version: '7.0.42', process: 'ferretdb', pid: {$numberLong: '"
        + pid + "'}, uptime: " + uptimeMillis / 1000.0 + ", uptimeMillis: {$numberLong: '" + uptimeMillis
        + "'}, localTime: {$date: {$numberLong: '" + now + "'}}, ok: 1.0}");
  }

  private static final BsonDocument STANDALONE = BsonDocument.parse("{isWritablePrimary: true, ok: 1.0}");

  @Test
  void oneProcessReadTwiceIsOneServer() {
    ServerProcess first = ServerProcess.of(status("vm", 8430, 1_000_000, 331_187), STANDALONE);
    ServerProcess second = ServerProcess.of(status("vm", 8430, 1_000_450, 331_638), STANDALONE);
    assertEquals("the same process: ferretdb pid 8430 on host vm", first.sameAs(second));
  }

  @Test
  void anotherPidAnotherHostOrAnotherStartIsAnotherServer() {
    ServerProcess one = ServerProcess.of(status("vm", 8430, 1_000_000, 331_187), STANDALONE);
    assertNull(one.sameAs(ServerProcess.of(status("vm", 8431, 1_000_000, 331_187), STANDALONE)));
    assertNull(one.sameAs(ServerProcess.of(status("other", 8430, 1_000_000, 331_187), STANDALONE)));
    // pid 1 in two containers of one name on two machines: they started at other times
    assertNull(one.sameAs(ServerProcess.of(status("vm", 8430, 1_000_000, 20_000), STANDALONE)));
  }

  @Test
  void aServerThatSaysNothingIsTakenAsDistinct() {
    ServerProcess silent = ServerProcess.of(null, STANDALONE);
    assertNull(silent.sameAs(ServerProcess.of(null, STANDALONE)));
    assertNull(silent.sameAs(ServerProcess.of(status("vm", 1, 1_000_000, 5_000), null)));
  }

  @Test
  void twoMembersOfOneReplicaSetAreOneServer() {
    BsonDocument fromA = BsonDocument.parse("{setName: 'rs0', hosts: ['A:27017', 'b:27017'], me: 'a:27017'}");
    BsonDocument fromB = BsonDocument.parse("{setName: 'rs0', hosts: ['a:27017', 'b:27017'], me: 'b:27017'}");
    assertEquals("the same replica set rs0 (members a:27017, b:27017)",
        ServerProcess.of(status("a", 7, 1_000_000, 10_000), fromA)
            .sameAs(ServerProcess.of(status("b", 9, 1_000_000, 10_000), fromB)));
    BsonDocument otherSet = BsonDocument.parse("{setName: 'rs0', hosts: ['c:27017'], me: 'c:27017'}");
    assertNull(ServerProcess.of(null, fromA).sameAs(ServerProcess.of(null, otherSet)),
        "another set of the same (default) name");
  }
}
