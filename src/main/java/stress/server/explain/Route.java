package stress.server.explain;

/** Where a statement goes, in words a reader can act on. */
public enum Route {
  /** Plain PostgreSQL (or a node that keeps the table to itself): there is nothing to route. */
  SINGLE_NODE,
  /** One shard, datanode or segment: the best a distributed database can do for a key lookup. */
  ONE,
  /** More than one but not all of them. */
  SEVERAL,
  /** Every shard, datanode or segment: a broadcast. */
  ALL,
  /** The server refused the statement in this mode (an SQLState says why). */
  REFUSED,
  /** The plan did not say; the verdict's detail tells what was missing. */
  UNKNOWN;

  /**
   * The route for {@code touched} of {@code total} (total null when unknown): 0 or 1 is a single-node route;
   * all of them a broadcast.
   */
  public static Route of(Integer touched, Integer total) {
    if (touched == null) {
      return UNKNOWN;
    }
    if (touched <= 1) {
      return ONE;
    }
    return total != null && touched >= total ? ALL : SEVERAL;
  }

  /** True when the statement spreads over more than one node. */
  public boolean spreads() {
    return this == SEVERAL || this == ALL;
  }
}
