package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoCredential;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketOpenException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterConnectionMode;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerConnectionState;
import com.mongodb.connection.ServerDescription;
import com.mongodb.connection.ServerId;
import com.mongodb.connection.ServerType;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;
import stress.ops.TargetFailure;

/**
 * The driver's failures as a run counts them: the category (SQLState of the same meaning) and one line naming the
 * server and the cause, never the driver's {@code Timed out while waiting for a server that matches ...}.
 */
class MongoFailuresTest {
  private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 47017);
  /** A run with --connect-timeout 1s --statement-timeout 1s. */
  private static final MongoTimeouts RUN = MongoTimeouts.of(Duration.ofSeconds(1), Duration.ofSeconds(1));

  private static MongoFailures.Reason of(Throwable e) {
    return MongoFailures.of(e, null, RUN);
  }

  /** The driver's view of one server whose monitor saw {@code failure} (null: none yet). */
  private static ClusterDescription cluster(ServerConnectionState state, ServerType type, Throwable failure) {
    return new ClusterDescription(ClusterConnectionMode.SINGLE, ClusterType.UNKNOWN, List.of(ServerDescription.builder()
        .address(SERVER).state(state).type(type).exception(failure).build()));
  }

  private static void assertReason(String sqlState, String text, MongoFailures.Reason reason) {
    assertEquals(text, reason.text());
    assertEquals(sqlState, reason.sqlState(), reason.text());
  }

  @Test
  void aStoppedServerIsARefusedOrLostConnection() {
    assertReason(TargetFailure.REFUSED, "connection refused by 127.0.0.1:47017", of(new MongoSocketOpenException(
        "Exception opening socket", SERVER, new ConnectException("Connection refused"))));
    assertReason(TargetFailure.LOST, "connection lost: 127.0.0.1:47017: Prematurely reached end of stream",
        of(new MongoSocketReadException("Prematurely reached end of stream", SERVER)));
    assertReason(TargetFailure.LOST, "connection lost: 127.0.0.1:47017: Connection reset", of(
        new MongoSocketReadException("Exception receiving message", SERVER, new SocketException("Connection reset"))));
    // the pool cleared by a failure says what that failure was
    assertReason(TargetFailure.LOST, "connection lost: 127.0.0.1:47017: Prematurely reached end of stream",
        of(new MongoConnectionPoolClearedException(new ServerId(new ClusterId(), SERVER),
            new MongoSocketReadException("Prematurely reached end of stream", SERVER))));
  }

  @Test
  void aFrozenServerIsATimeout() {
    assertReason(TargetFailure.TIMEOUT, "timeout: no answer from 127.0.0.1:47017 within 2 s (the client's read"
        + " timeout, --statement-timeout + 1 s)", of(new MongoSocketReadTimeoutException(
            "Timeout while receiving message", SERVER, new SocketTimeoutException("Read timed out"))));
    assertReason(TargetFailure.REFUSED, "timeout: 127.0.0.1:47017 did not accept a connection within 1 s (connect"
        + " timeout)", of(new MongoSocketOpenException("Exception opening socket", SERVER,
            new SocketTimeoutException("Connect timed out"))));
    MongoExecutionTimeoutException server = new MongoExecutionTimeoutException(50, "operation exceeded time limit");
    assertReason(TargetFailure.TIMEOUT, "timeout: the server stopped it at its time limit (maxTimeMS, from"
        + " --statement-timeout): " + MongoTarget.refusal(server), of(server));
  }

  /** A call that found no server to send to names the cause its monitor saw, not the driver's selector text. */
  @Test
  void noServerToSendToNamesWhatTheMonitorSaw() {
    MongoTimeoutException selection = new MongoTimeoutException("Timed out while waiting for a server that matches"
        + " ReadPreferenceServerSelector{readPreference=primary}. Client view of cluster state is {...}");
    assertReason(TargetFailure.REFUSED, "connection refused by 127.0.0.1:47017", MongoFailures.of(selection,
        cluster(ServerConnectionState.CONNECTING, ServerType.UNKNOWN, new MongoSocketOpenException(
            "Exception opening socket", SERVER, new ConnectException("Connection refused"))), RUN));
    assertReason(TargetFailure.TIMEOUT, "timeout: 127.0.0.1:47017 did not answer within 1 s (connect timeout)",
        MongoFailures.of(selection, cluster(ServerConnectionState.CONNECTING, ServerType.UNKNOWN,
            new MongoSocketReadTimeoutException("Timeout while receiving message", SERVER,
                new SocketTimeoutException("Read timed out"))), RUN));
    assertReason(TargetFailure.REFUSED, "timeout: no server fit to send it to within 1 s (server selection, the"
        + " servers: 127.0.0.1:47017 REPLICA_SET_SECONDARY)", MongoFailures.of(selection,
        cluster(ServerConnectionState.CONNECTED, ServerType.REPLICA_SET_SECONDARY, null), RUN));
    assertReason(TargetFailure.REFUSED, "unknown host nohost.invalid (nohost.invalid:27017)", MongoFailures.of(
        selection, new ClusterDescription(ClusterConnectionMode.SINGLE, ClusterType.UNKNOWN,
            List.of(ServerDescription.builder().address(new ServerAddress("nohost.invalid")).state(
                ServerConnectionState.CONNECTING).exception(new MongoSocketException("nohost.invalid",
                new ServerAddress("nohost.invalid"), new UnknownHostException("nohost.invalid"))).build())), RUN));
  }

  @Test
  void aRefusedLoginNamesTheUserNeverThePassword() {
    MongoCommandException refused = new MongoCommandException(BsonDocument.parse("{ok: 0, code: 18, codeName:"
        + " 'AuthenticationFailed', errmsg: 'Authentication failed.'}"), SERVER);
    MongoFailures.Reason reason = MongoFailures.of(new MongoSecurityException(MongoCredential.createScramSha256Credential(
        "app", "admin", "s3cret".toCharArray()), "Exception authenticating", refused),
        cluster(ServerConnectionState.CONNECTED, ServerType.STANDALONE, null), RUN);
    assertReason(TargetFailure.AUTHENTICATION, "authentication failed for user app on 127.0.0.1:47017: error 18"
        + " (AuthenticationFailed): Authentication failed.", reason);
    assertFalse(reason.text().contains("s3cret"));
  }

  @Test
  void theServersOwnRefusalKeepsItsCodeAndNoConnectionState() {
    MongoFailures.Reason reason = of(new MongoCommandException(BsonDocument.parse("{ok: 0, code: 238, codeName:"
        + " 'NotImplemented', errmsg: '$group accumulator \"$avg\" is not implemented yet'}"), SERVER));
    assertNull(reason.sqlState());
    assertEquals("error 238 (NotImplemented): $group accumulator \"$avg\" is not implemented yet", reason.text());
  }

  @Test
  void aRunsTimeoutsComeFromItsStatementTimeout() {
    assertEquals("connect 1 s, read 2 s (--statement-timeout + 1 s), a server to send to within 1 s", RUN.describe());
    assertEquals("connect 10 s, read 31 s (--statement-timeout + 1 s), a server to send to within 1 s",
        MongoTimeouts.of(Duration.ofSeconds(10), Duration.ofSeconds(30)).describe());
    assertEquals("connect 500 ms, read 10 s (--statement-timeout is 0, so a default), a server to send to within 500 ms",
        MongoTimeouts.of(Duration.ofMillis(500), Duration.ZERO).describe());
    assertEquals("connect 10 s, read no limit, a server to send to within 10 s", MongoTimeouts.DEFAULT.describe());
    assertEquals("1.5 s", MongoTimeouts.seconds(Duration.ofMillis(1500)));
  }

  @Test
  void aUrlWithoutAPortSaysTheDefaultWasUsed() {
    String note = " (the URL gives no port: MongoDB's default 27017 was used)";
    assertEquals(note, FirstContact.portNote(new com.mongodb.ConnectionString("mongodb://127.0.0.1")));
    assertEquals(note, FirstContact.portNote(new com.mongodb.ConnectionString("mongodb://a:1,[::1]/db")));
    assertEquals("", FirstContact.portNote(new com.mongodb.ConnectionString("mongodb://a:1,[::1]:27018/db")));
    assertEquals(List.of("[::1]:27017", "a:1"), FirstContact.hosts(new com.mongodb.ConnectionString(
        "mongodb://a:1,[::1]/db")));
  }
}
