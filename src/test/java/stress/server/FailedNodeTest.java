package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Node names read from real error texts: Citus 13 (a worker stopped under a run of Citus 13.2, its regression
 * outputs and error reports, as pgjdbc renders them with "ERROR: " and a "Where:" line for the context) and Postgres-XL 10 (the messages of its pgxcnode.c and
 * execRemote.c).
 */
class FailedNodeTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      ERROR: connection to the remote node postgres@127.0.0.1:9702 failed with the following error: FATAL:  the database system is shutting down | 127.0.0.1:9702
      ERROR: terminating connection due to administrator command\\n  Where: while executing command on 127.0.0.1:9702 | 127.0.0.1:9702
      ERROR: connection to the remote node postgres@localhost:9702 failed with the following error: connection to server at "localhost" (127.0.0.1), port 9702 failed: Connection refused | localhost:9702
      ERROR: connection to the remote node postgres@foobar:57636 failed with the following error: could not translate host name "foobar" to address: Name or service not known | foobar:57636
      ERROR: connection to the remote node localhost:5432 failed with the following error: could not connect to server: Connection refused | localhost:5432
      ERROR: connection to the remote node postgres@10.1.2.3:5432 failed | 10.1.2.3:5432
      ERROR: connection establishment for node citus-w2:5432 failed | citus-w2:5432
      ERROR: could not establish any connections to the node w1.example.com:6432 after 5000 ms | w1.example.com:6432
      ERROR: division by zero\\n  Where: while executing command on localhost:9701 | localhost:9701
      ERROR: Failed to receive more data from data node 16385 | node 16385
      ERROR: remote node 16386 is in error state | node 16386
      ERROR: failed to send COMMIT command to the node 16385 | node 16385
      ERROR: Failed to send execute cursor 'c1' to node 16387 | node 16387
      WARNING: Error while PREPARING transaction _$XC$164056:cd1 on node dn2. Administrative action may be required | dn2
      ERROR: Failed to get pooled connections\\n  Hint: This may happen because one or more nodes are currently unreachable, either because of node or network failure. | -
      ERROR: duplicate key value violates unique constraint "docs_pkey"\\n  Detail: Key (_id)=(7) already exists. | -
      ERROR: terminating connection due to administrator command | -
      An I/O error occurred while sending to the backend. | -
      - | -
      """)
  void namesTheNodeOrNone(String message, String node) {
    assertEquals(node, FailedNode.of(message == null ? null : message.replace("\\n", "\n")));
  }
}
