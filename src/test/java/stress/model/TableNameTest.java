package stress.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Names read as PostgreSQL's scanner reads identifiers: folded unless quoted, "" for a quote, at most 63 bytes. */
class TableNameTest {
  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', nullValues = "-", value = {
      "stress_orders                     | -              | stress_orders",
      "Stress_Orders                     | -              | stress_orders",
      "public.stress_orders              | public         | stress_orders",
      "PUBLIC.Stress_Orders              | public         | stress_orders",
      "' public . stress_orders '        | public         | stress_orders",
      "\"Orders\"                        | -              | Orders",
      "\"Sales\".\"Orders\"              | Sales          | Orders",
      "sales.\"Orders\"                  | sales          | Orders",
      "\"my.table\"                      | -              | my.table",
      "\"say \"\"hi\"\"\"                | -              | say \"hi\"",
      "\"a,b\"                           | -              | a,b",
      "_x$1                              | -              | _x$1",
      "Ärger                             | -              | Ärger",
      "\"select\"                        | -              | select",
      "select                            | -              | select",
  })
  void readsAsPostgreSql(String text, String schema, String name) {
    assertEquals(new TableName(schema, name), TableName.parse("--table", text));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "a.b.c         | --table a.b.c: a table is named TABLE or SCHEMA.TABLE: at most one dot outside double quotes",
      "my-table      | --table my-table: unexpected '-' after my: an unquoted name holds letters, digits, _ and $; quote it as PostgreSQL does: --table '\"my-table\"'",
      "2024_orders   | --table 2024_orders: an unquoted name starts with a letter or _, not '2'; quote it as PostgreSQL does: --table '\"2024_orders\"'",
      "$x            | --table $x: an unquoted name starts with a letter or _, not '$'; quote it as PostgreSQL does: --table '\"$x\"'",
      "public.       | --table public.: a name is missing after the dot",
      ".orders       | --table .orders: an unquoted name starts with a letter or _, not '.'; quote each such name as PostgreSQL does: \"name\"",
      "sales.my-t    | --table sales.my-t: unexpected '-' after my: an unquoted name holds letters, digits, _ and $; quote each such name as PostgreSQL does: \"name\"",
      "\"Orders      | --table \"Orders: a double quote is not closed",
      "\"\"          | --table \"\": a quoted name must not be empty (\"\")",
      "\"a\"b        | --table \"a\"b: unexpected 'b' after a: an unquoted name holds letters, digits, _ and $; quote each such name as PostgreSQL does: \"name\"",
      "'  '          | --table   : a table's name must not be empty",
  })
  void refusesWhatPostgreSqlWouldNotRead(String text, String message) {
    assertEquals(message, assertThrows(UsageException.class, () -> TableName.parse("--table", text)).getMessage());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "a123456789b123456789c123456789d123456789e123456789f123456789g1234",
      "\"a123456789b123456789c123456789d123456789e123456789f123456789g1234\"",
      "\"ääääääääääääääääääääääääääääääää\""})
  void refusesANameThePostgreSqlWouldCutShort(String text) {
    assertEquals("--table " + text + ": a name is at most 63 bytes, as PostgreSQL keeps it",
        assertThrows(UsageException.class, () -> TableName.parse("--table", text)).getMessage());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {
      "stress_orders   | stress_orders",
      "Orders          | orders",
      "\"Orders\"      | \"Orders\"",
      "Sales.\"Orders\" | sales.\"Orders\"",
      "\"my table\"    | \"my table\"",
      "\"q\"\"t\"      | \"q\"\"t\""})
  void isTypedAgainAsItReadsBack(String text, String typed) {
    TableName name = TableName.parse("--table", text);
    assertEquals(typed, name.typed());
    assertEquals(name, TableName.parse("--table", name.typed()));
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(delimiter = '|', value = {"Sales | sales", "\"Sales\" | Sales", "\"a.b\" | a.b"})
  void readsOneIdentifier(String text, String identifier) {
    assertEquals(identifier, TableName.identifier("--schema", text));
  }

  @org.junit.jupiter.api.Test
  void refusesADottedSchema() {
    assertEquals("--schema a.b: a name has no dot outside double quotes (quote it: '\"a.b\"')",
        assertThrows(UsageException.class, () -> TableName.identifier("--schema", "a.b")).getMessage());
    assertEquals(new TableName("s", "t"), TableName.parse("--table", "t").inSchema("s"));
    assertEquals(new TableName("p", "t"), TableName.parse("--table", "p.t").inSchema("s"));
  }
}
