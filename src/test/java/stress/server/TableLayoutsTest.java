package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.GreenplumDialect;
import stress.server.dialect.PostgresDialect;
import stress.server.dialect.XlDialect;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.table.KeyType;
import stress.table.Layout;

/**
 * A table's layout from what each target's catalog says (the captured Postgres-XL and Greenplum catalogs of
 * src/test/resources/fixtures among them), and the DDL of each layout per target.
 */
class TableLayoutsTest {
  private static final Map<String, String> DOCUMENT = columns("_id", "integer", "data", "jsonb");
  private static final Layout KEY = Layout.key("customer.id", KeyType.BIGINT).withKeyInPrimaryKey(true);
  private static final DocumentTable ORDERS = new DocumentTable("app", "Orders", IdType.INTEGER, KEY);

  private static Map<String, String> columns(String... nameAndType) {
    Map<String, String> columns = new LinkedHashMap<>();
    for (int i = 0; i < nameAndType.length; i += 2) {
      columns.put(nameAndType[i], nameAndType[i + 1]);
    }
    return columns;
  }

  @Test
  void theCapturedXlAndGreenplumTablesAreDistributedById() {
    Map<String, String> xl = PsqlOutput.tableAfter(PsqlOutput.fixture("pgxl-10r1.1/detect_xl_coordinator.txt"),
        "FROM pgxc_class x").get(0);
    assertEquals("H", xl.get("pclocatortype"));
    TableLayouts.Distribution fromXl = new TableLayouts.Distribution("hash", xl.get("distcol"), null);
    assertEquals(Layout.ID, TableLayouts.classify(fromXl, DOCUMENT, "check_in", false));

    Map<String, String> gp = PsqlOutput.rowAfter(PsqlOutput.fixture("greenplum7-matrixdb5/all_output.txt"),
        "### distribution policy");
    assertEquals("p", gp.get("policytype"));
    // distkey 1 is the table's first column, _id (\d check_in: "Distributed by: (_id)")
    assertEquals("1", gp.get("distkey"));
    TableLayouts.Distribution fromGreenplum = new TableLayouts.Distribution("hash",
        List.copyOf(DOCUMENT.keySet()).get(Integer.parseInt(gp.get("distkey")) - 1), null);
    assertEquals(Layout.ID, TableLayouts.classify(fromGreenplum, DOCUMENT, "check_in", false));
  }

  @Test
  void keyReferenceAndPlainTablesAreTold() {
    Map<String, String> keyed = columns("_id", "integer", "customer.id", "bigint", "data", "jsonb");
    Layout citus = TableLayouts.classify(new TableLayouts.Distribution("hash", "customer.id", 7), keyed, "t", true);
    assertTrue(citus.sameAs(KEY));
    assertEquals(7, citus.group());
    assertTrue(citus.keyInPrimaryKey());
    assertEquals(Layout.REFERENCE, TableLayouts.classify(new TableLayouts.Distribution("replicated", null, 3),
        DOCUMENT, "t", false));
    // plain PostgreSQL: no catalog distributes it, the third column is the key column
    Layout plain = TableLayouts.classify(new TableLayouts.Distribution(null, null, null),
        columns("_id", "text", "since", "timestamp with time zone", "data", "jsonb"), "t", false);
    assertEquals(Layout.key("since", KeyType.TIMESTAMPTZ), plain);
    IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> TableLayouts.classify(
        new TableLayouts.Distribution("hash", "data", null), DOCUMENT, "t", false));
    assertTrue(other.getMessage().startsWith("table t is distributed by hash on data"), other.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TableLayouts.classify(new TableLayouts.Distribution(null, null,
        null), columns("_id", "integer", "k", "boolean", "data", "jsonb"), "t", false));
  }

  @Test
  void eachTargetWritesEachLayout() {
    String create = "CREATE TABLE \"app\".\"Orders\" (_id integer NOT NULL, \"customer.id\" bigint, data jsonb NOT NULL"
        + " DEFAULT '{}', PRIMARY KEY (\"customer.id\", _id))";
    assertEquals(List.of(create, create.replace("Orders", "Orders_copy"),
        "SELECT create_distributed_table('\"app\".\"Orders\"', 'customer.id', colocate_with => 'default')",
        "SELECT create_distributed_table('\"app\".\"Orders_copy\"', 'customer.id', colocate_with =>"
            + " '\"app\".\"Orders\"')"), new CitusDialect().createDocumentTables(ORDERS));
    assertEquals(create + " DISTRIBUTE BY HASH (\"customer.id\")", new XlDialect().createDocumentTables(ORDERS).get(0));
    assertEquals(create + " DISTRIBUTED BY (\"customer.id\")",
        new GreenplumDialect().createDocumentTables(ORDERS).get(0));
    assertEquals("CREATE TABLE \"app\".\"Orders\" (_id integer NOT NULL, \"customer.id\" bigint, data jsonb NOT NULL"
        + " DEFAULT '{}', PRIMARY KEY (_id))", new PostgresDialect().createDocumentTables(
        ORDERS.withLayout(new PostgresDialect().placed(Layout.key("customer.id", KeyType.BIGINT)))).get(0));

    DocumentTable countries = new DocumentTable(null, "countries", IdType.TEXT, Layout.REFERENCE);
    assertEquals(List.of("SELECT create_reference_table('\"countries\"')",
        "SELECT create_reference_table('\"countries_copy\"')"),
        new CitusDialect().createDocumentTables(countries).subList(2, 4));
    assertTrue(new XlDialect().createDocumentTables(countries).get(0).endsWith(" DISTRIBUTE BY REPLICATION"));
    assertTrue(new GreenplumDialect().createDocumentTables(countries).get(1).endsWith(" DISTRIBUTED REPLICATED"));
    assertEquals("CREATE TABLE \"countries\" (_id text PRIMARY KEY, data jsonb NOT NULL DEFAULT '{}')",
        new PostgresDialect().createDocumentTables(countries).get(0));
  }
}
