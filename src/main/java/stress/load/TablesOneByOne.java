package stress.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import stress.table.DocumentTable;

/**
 * Creates new tables statement by statement, each statement its own transaction, where a target makes them faster so
 * ({@link stress.server.dialect.Dialect#createDocumentTablesOneByOne}). A failure part way drops the tables this attempt
 * made, and only those: a table whose CREATE TABLE failed (one made by someone else meanwhile) is left as it is. A
 * process killed part way can leave a table without its copy table, which the next import names ({@code --resume}
 * or {@code --reuse} make the copy table, {@code --drop-existing} both).
 */
final class TablesOneByOne {
  private TablesOneByOne() {}

  /**
   * Runs {@code steps}: for each table of {@code tables}, in order, its statements, the first of which creates it.
   *
   * @throws SQLException the first statement's failure, after the tables made so far were dropped
   */
  static void create(Connection connection, List<DocumentTable> tables, List<List<String>> steps) throws SQLException {
    if (tables.size() != steps.size()) {
      throw new IllegalArgumentException(steps.size() + " lists of statements for " + tables.size() + " tables");
    }
    boolean autoCommit = connection.getAutoCommit();
    connection.setAutoCommit(true);
    List<DocumentTable> made = new ArrayList<>();
    try (Statement s = connection.createStatement()) {
      for (int i = 0; i < steps.size(); i++) {
        List<String> step = steps.get(i);
        s.execute(step.get(0));
        made.add(tables.get(i));
        for (String statement : step.subList(1, step.size())) {
          s.execute(statement);
        }
      }
    } catch (SQLException | RuntimeException e) {
      dropMade(connection, made, e);
      throw e;
    } finally {
      connection.setAutoCommit(autoCommit);
    }
  }

  /** Drops the tables made, the last made first; a failure to is added to {@code cause}. */
  private static void dropMade(Connection connection, List<DocumentTable> made, Exception cause) {
    if (made.isEmpty()) {
      return;
    }
    List<String> names = new ArrayList<>();
    for (int i = made.size() - 1; i >= 0; i--) {
      names.add(made.get(i).qualifiedName());
    }
    try (Statement s = connection.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + String.join(", ", names));
    } catch (SQLException dropFailed) {
      cause.addSuppressed(dropFailed);
    }
  }
}
