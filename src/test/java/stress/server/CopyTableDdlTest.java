package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.CoordinatorOnlyDialect;
import stress.server.dialect.Dialect;
import stress.server.dialect.GreenplumDialect;
import stress.server.dialect.PostgresDialect;
import stress.server.dialect.XlDialect;
import stress.table.DocumentTable;
import stress.table.IdType;

/** The copy table alone, for {@code init --reuse} on a table that has none: as createDocumentTables makes it. */
class CopyTableDdlTest {
  private static final DocumentTable ORDERS = new DocumentTable("app", "Orders", IdType.TEXT);
  private static final String CREATE_COPY =
      "CREATE TABLE \"app\".\"Orders_copy\" (_id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')";

  @Test
  void everyDialectCreatesTheCopyAsItsFullDdlDoes() {
    for (Dialect dialect : List.of(new PostgresDialect(), new CitusDialect(), new XlDialect(), new GreenplumDialect())) {
      List<String> full = dialect.createDocumentTables(ORDERS);
      List<String> copyOnly = dialect.createCopyTable(ORDERS);
      assertEquals(full.stream().filter(sql -> sql.contains("Orders_copy")).toList(), copyOnly,
          dialect.getClass().getSimpleName());
    }
  }

  @Test
  void citusColocatesTheCopyWithTheExistingTable() {
    assertEquals(List.of(CREATE_COPY, "SELECT create_distributed_table('\"app\".\"Orders_copy\"', '_id', colocate_with"
        + " => '\"app\".\"Orders\"')"), new CitusDialect().createCopyTable(ORDERS));
  }

  @Test
  void aWorkerOrDatanodeRefusesToCreateIt() {
    TargetInfo worker = new TargetInfo(TargetKind.CITUS_WORKER, "PostgreSQL 15.20", ServerVersion.parse("15.20"),
        "13.2.2", new CitusNode(2, 32), null, null);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> new CoordinatorOnlyDialect(worker).createCopyTable(ORDERS));
    assertTrue(e.getMessage().startsWith("cannot create table app.Orders_copy on a "), e.getMessage());
  }
}
