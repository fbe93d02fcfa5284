package stress.server;

import java.util.List;
import java.util.Objects;

/**
 * The Postgres-XL cluster as one node sees it in {@code pgxc_node}.
 *
 * @param nodeName     this node's {@code pgxc_node_name}
 * @param coordinators names of the coordinators (node type C), sorted
 * @param datanodes    names of the datanodes (node type D), sorted
 */
public record XlNodes(String nodeName, List<String> coordinators, List<String> datanodes) {
  public XlNodes {
    Objects.requireNonNull(nodeName, "nodeName");
    coordinators = List.copyOf(coordinators);
    datanodes = List.copyOf(datanodes);
  }
}
