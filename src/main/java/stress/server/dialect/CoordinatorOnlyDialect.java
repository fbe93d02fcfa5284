package stress.server.dialect;

import java.util.List;
import stress.server.TargetInfo;
import stress.table.DocumentTable;

/**
 * A node that holds data but must not define tables: a Citus worker or a Postgres-XL datanode. Tables
 * created there would be local to that node, invisible to the cluster, so creating them is refused.
 */
public final class CoordinatorOnlyDialect implements Dialect {
  private final TargetInfo target;

  public CoordinatorOnlyDialect(TargetInfo target) {
    this.target = target;
  }

  @Override
  public List<String> createDocumentTables(DocumentTable table) {
    throw new IllegalStateException("cannot create table " + table.displayName() + " on a "
        + target.kind().displayName() + ": a table created here would exist on this node only; "
        + "create tables through the coordinator" + coordinatorHint());
  }

  private String coordinatorHint() {
    if (target.xl() == null || target.xl().coordinators().isEmpty()) {
      return "";
    }
    return " (" + String.join(", ", target.xl().coordinators()) + ")";
  }

  @Override
  public List<String> createCopyTable(DocumentTable table) {
    return createDocumentTables(table.copyTable());
  }
}
