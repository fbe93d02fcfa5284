package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Failures as a run reads them, from the messages pgjdbc gave on a real Postgres-XL 10r1.1 cluster (coordinator
 * coord1, datanodes dn1 = OID 16385 and dn2 = 16386 in its pgxc_node) while dn2 was stopped under 8 sessions and
 * started again: every session that had used dn2 then failed on every statement ("Could not begin transaction on
 * data node.") until it was replaced, while "Failed to get pooled connections" came from sessions that had no
 * connection to dn2 yet and recovered by themselves once it was back.
 */
class FailureReaderTest {
  private static final FailureReader XL = FailureReader.xlCoordinator(Map.of("11739", "coord1", "16384", "coord2",
      "16385", "dn1", "16386", "dn2"));

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      XX000 | ERROR: Could not begin transaction on data node.                  | true  | -
      XX000 | ERROR: Could not begin transaction on Datanodes                   | true  | -
      XX000 | ERROR: Failed to sync msg to node 16386                           | true  | dn2
      XX000 | ERROR: Failed to receive more data from data node 16386           | true  | dn2
      XX000 | ERROR: failed to send GXID for COMMIT PREPARED command            | true  | -
      XX000 | ERROR: failed to send COMMIT command to the node 16386            | true  | dn2
      XX000 | ERROR: remote node 16385 is in error state                        | true  | dn1
      53000 | ERROR: Failed to get pooled connections\\n  Hint: This may happen because one or more nodes are currently unreachable, either because of node or network failure. | false | -
      XX000 | ERROR: Clean connections not completed                            | false | -
      23505 | ERROR: duplicate key value violates unique constraint "t_pkey"    | false | -
      57014 | ERROR: canceling statement due to statement timeout               | false | -
      """)
  void aPostgresXlCoordinatorSessionWithADeadDatanodeConnectionIsUnusable(String sqlState, String message,
                                                                          boolean unusable, String node) {
    String text = message.replace("\\n", "\n");
    assertEquals(unusable, XL.leavesSessionUnusable(sqlState, text));
    assertEquals(node, XL.node(text));
    assertFalse(FailureReader.PLAIN.leavesSessionUnusable(sqlState, text), "only a Postgres-XL coordinator");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      ERROR: Failed to sync msg to node 16399                  | node 16399
      ERROR: connection to the remote node postgres@127.0.0.1:9702 failed with the following error: x | 127.0.0.1:9702
      WARNING: Error while PREPARING transaction _$XC$164056:cd1 on node dn2. Administrative action may be required | dn2
      """)
  void nodesAreNamedByTheirNamesWhereTheOidIsKnown(String message, String node) {
    assertEquals(node, XL.node(message));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      ERROR: Failed to sync msg to node 16386       | node 16386
      ERROR: Failed to receive more data from data node 16385 | node 16385
      """)
  void withoutPgxcNodeTheOidIsShown(String message, String node) {
    assertEquals(node, FailureReader.PLAIN.node(message));
    assertTrue(FailureReader.PLAIN.nodeNames().isEmpty());
  }
}
