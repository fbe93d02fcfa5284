package stress.server.explain;

import java.sql.Connection;
import java.util.List;

/** A server that holds the whole table itself: every statement runs on that single node. */
final class PostgresRouting implements TargetRouting {
  private final String what;

  PostgresRouting(String what) {
    this.what = what;
  }

  @Override
  public Verdict verdict(List<String> plan, Connection connection) {
    return Verdict.singleNode(what);
  }
}
