package stress.ops;

import java.util.Objects;
import stress.keys.KeyChooser;
import stress.table.DocumentTable;

/**
 * One operation of a collection in an application's run ({@code run --workload DIR}): written for its collection's
 * table and run there, with that table's keys and new keys, whatever table the run's context names. The run reads
 * no keys for it: it carries its own.
 *
 * @param name         the name in the run: {@code table.operation}
 * @param operation    the operation as written for {@code table}
 * @param table        its collection's table
 * @param keys         the table's keys, or null when the operation reads none
 * @param newDocuments new keys above the table's largest, or null when the operation inserts none
 */
public record TableOperation(String name, Operation operation, DocumentTable table, KeyChooser keys,
                             NewDocuments newDocuments) implements Operation {
  public TableOperation {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(table, "table");
  }

  @Override
  public String description() {
    return "on " + table.displayName() + ": " + operation.description();
  }

  @Override
  public boolean readsExistingKeys() {
    return false;
  }

  @Override
  public boolean idempotent() {
    return operation.idempotent();
  }

  @Override
  public Bound bind(OperationContext context) {
    Bound bound = operation.bind(new OperationContext(table, context.settings(), newDocuments));
    if (keys == null) {
      return bound;
    }
    return session -> {
      KeyChooser before = session.useKeys(keys);
      try {
        return bound.execute(session);
      } finally {
        session.useKeys(before);
      }
    };
  }
}
