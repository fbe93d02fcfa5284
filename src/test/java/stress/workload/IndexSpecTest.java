package stress.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.table.DocumentTable;
import stress.table.IdType;

/** The {@code indexes:} section of a workload file: entries, names, DDL and refusals with file and line. */
class IndexSpecTest {
  private static final String OPERATION = """
      operations:
        a:
          sql: SELECT 1
      """;
  private static final DocumentTable TABLE = new DocumentTable(null, "orders", IdType.INTEGER);

  @TempDir
  Path dir;

  private List<IndexSpec> indexes(String section) throws IOException {
    Path f = dir.resolve("w.yaml");
    Files.writeString(f, OPERATION + section);
    return WorkloadFile.load(f).indexes();
  }

  private String refusal(String section) {
    Path f = dir.resolve("w.yaml");
    return assertThrows(IllegalArgumentException.class, () -> {
      Files.writeString(f, OPERATION + section);
      WorkloadFile.load(f);
    }).getMessage();
  }

  @Test
  void entriesBecomeNamedQuotedStatements() throws IOException {
    List<IndexSpec> specs = indexes("""
        indexes:
          - {gin: data}
          - {path: address.city}
          - path: amount
            type: numeric
        """);
    assertEquals(3, specs.size());
    assertEquals("CREATE INDEX IF NOT EXISTS \"orders_data_gin\" ON \"orders\" USING gin (data jsonb_path_ops)",
        specs.get(0).ddl(TABLE));
    assertEquals("CREATE INDEX IF NOT EXISTS \"orders_address_city_idx\" ON \"orders\" USING btree"
        + " ((data -> 'address' ->> 'city'))", specs.get(1).ddl(TABLE));
    assertEquals("CREATE INDEX IF NOT EXISTS \"orders_amount_num_idx\" ON \"orders\" USING btree"
        + " ((CAST(data ->> 'amount' AS numeric)))", specs.get(2).ddl(TABLE));
    assertEquals(List.of(5, 6, 7), specs.stream().map(IndexSpec::line).toList());
    assertEquals(List.of(), indexes(""), "no section, no index");
  }

  @Test
  void typedAndCompoundEntriesIndexTheExpressionsMongoStyleOperationsWrite() throws IOException {
    List<IndexSpec> specs = indexes("""
        indexes:
          - {path: totals.grandTotal, type: number}
          - {path: [customer.customerId, createdAt], type: [string, date]}
        """);
    assertEquals("CREATE INDEX IF NOT EXISTS \"orders_totals_grandTotal_n_idx\" ON \"orders\" USING btree ("
        + stress.mongo.value.TypedExpression.of(List.of("totals", "grandTotal"), "number") + " NULLS FIRST)",
        specs.get(0).ddl(TABLE));
    assertEquals("CREATE INDEX IF NOT EXISTS \"orders_customer_customerId_s__createdAt_d_idx\" ON \"orders\" USING"
        + " btree (" + stress.mongo.value.TypedExpression.of(List.of("customer", "customerId"), "string") + " NULLS FIRST, "
        + stress.mongo.value.TypedExpression.of(List.of("createdAt"), "date") + " NULLS FIRST)", specs.get(1).ddl(TABLE));
    assertEquals("{path: [customer.customerId, createdAt], type: [string, date]}", specs.get(1).describe());
  }

  @Test
  void pathKeysAndTableNamesFromDataAreQuoted() throws IOException {
    IndexSpec spec = indexes("indexes:\n  - {path: \"it's.a\\\\b\"}\n").get(0);
    DocumentTable odd = new DocumentTable("my schema", "Or\"ders", IdType.BIGINT);
    assertEquals("CREATE INDEX IF NOT EXISTS \"Or\"\"ders_it's_a\\b_idx\" ON \"my schema\".\"Or\"\"ders\" USING btree"
        + " ((data -> 'it''s' ->> E'a\\\\b'))", spec.ddl(odd));
  }

  @Test
  void longNamesAreCutTo63BytesWithAHashThatKeepsThemApart() throws IOException {
    List<IndexSpec> specs = indexes("""
        indexes:
          - {path: customer.addresses.billing.city_name_in_the_local_language}
          - {path: customer.addresses.billing.city_name_in_the_local_script}
        """);
    DocumentTable table = new DocumentTable(null, "é".repeat(10) + "_orders", IdType.INTEGER);
    String first = specs.get(0).name(table);
    String second = specs.get(1).name(table);
    assertTrue(first.getBytes(StandardCharsets.UTF_8).length <= 63, first);
    assertTrue(second.getBytes(StandardCharsets.UTF_8).length <= 63, second);
    assertTrue(first.startsWith("é".repeat(10) + "_orders_customer_addresses"), first);
    assertNotEquals(first, second);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "indexes: {gin: data}                          | w.yaml:4: 'indexes' must be a list",
      "indexes:\\n  - {gin: address}                  | w.yaml:5: indexes: gin: the GIN index (jsonb_path_ops) is on the whole document",
      "indexes:\\n  - {path: a, type: time}           | w.yaml:5: indexes: type: must be one of text, numeric, string, number, date, got 'time'",
      "indexes:\\n  - {path: [a, b], type: [date]}   | w.yaml:5: indexes: type: needs one type per path (2), got 1",
      "indexes:\\n  - {path: a..b}                    | w.yaml:5: indexes: path: needs a document path like address.city",
      "indexes:\\n  - {btree: a}                      | w.yaml:5: indexes: an index is {gin: data} or {path: a.b}",
      "indexes:\\n  - {path: a, unique: true}         | w.yaml:5: indexes: unknown key 'unique' in a path index; known: path, type",
      "indexes:\\n  - {path: a}\\n  - {path: a, type: text} | w.yaml:6: indexes: {path: a, type: text} is listed twice (line 5)",
      "indexes:\\n  - just_a_word                     | w.yaml:5: indexes: an index is {gin: data}",
  })
  void badEntriesNameFileLineAndRule(String section, String expected) {
    String message = refusal(section.replace("\\n", "\n") + "\n");
    assertTrue(message.startsWith(dir.resolve("w.yaml").getParent() + "/" + expected), message);
  }
}
