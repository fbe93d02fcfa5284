package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.app.index.IndexProgress;
import stress.app.index.NumericIndexCheck;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.workload.IndexSpec;

/** What {@code stress index} asks of the driver and the server, and the lines it prints while a build runs. */
class IndexJobTest {
  @Test
  void withoutASocketTimeoutTheClientWaitsAsLongAsTheServerWorks() {
    assertEquals("0", Commands.indexDriverSettings(Duration.ZERO).toProperties().get("socketTimeout"));
    assertEquals("1800", Commands.indexDriverSettings(Duration.ofMinutes(30)).toProperties().get("socketTimeout"));
    assertEquals("10", Commands.indexDriverSettings(Duration.ZERO).toProperties().get("connectTimeout"));
  }

  @Test
  void theNumericPathsAreReadInOneScanWithTheIndexExpressionsPathWalk() {
    IndexSpec compound = new IndexSpec(false, List.of(List.of("a", "b"), List.of("t")), List.of("numeric", "text"), 7);
    IndexSpec again = new IndexSpec(false, List.of(List.of("a", "b")), List.of("numeric"), 8);
    IndexSpec gin = new IndexSpec(true, List.of(), List.of(), 9);
    List<NumericIndexCheck.Column> columns = NumericIndexCheck.columns(List.of(compound, again, gin));
    assertEquals(List.of(new NumericIndexCheck.Column(compound, List.of("a", "b")),
        new NumericIndexCheck.Column(again, List.of("a", "b"))), columns);
    List<List<String>> paths = NumericIndexCheck.distinctPaths(columns);
    assertEquals(List.of(List.of("a", "b")), paths);
    assertEquals("SELECT count(CASE WHEN k0 NOT IN ('number', 'null') THEN 1 END),"
        + " min(CASE WHEN k0 NOT IN ('number', 'null') THEN k0 END)"
        + " FROM (SELECT jsonb_typeof(data -> CAST(? AS text) -> CAST(? AS text)) AS k0 FROM \"s\".\"t\") AS kinds",
        NumericIndexCheck.sql(new DocumentTable("s", "t", IdType.INTEGER), paths));
  }

  @Test
  void aRefusalNamesFileLineEntryCountKindAndWhatToUseInstead() {
    IndexSpec spec = new IndexSpec(false, List.of(List.of("a", "b")), List.of("numeric"), 7);
    NumericIndexCheck.Column column = new NumericIndexCheck.Column(spec, List.of("a", "b"));
    assertEquals("w.yaml:7: {path: a.b, type: numeric}: 1,234 documents hold a non-number at a.b (e.g. a string);"
        + " a numeric index cannot be built over them; use type: number (the typed expression, NULL for other kinds)"
        + " or type: text", NumericIndexCheck.refusal("w.yaml", column, 1234, "string"));
    assertEquals("w.yaml:7: {path: a.b, type: numeric}: 1 document holds a non-number at a.b (e.g. an array);"
        + " a numeric index cannot be built over it; use type: number (the typed expression, NULL for other kinds)"
        + " or type: text", NumericIndexCheck.refusal("w.yaml", column, 1, "array"));
  }

  @Test
  void aProgressLineHasThePhaseAndEachCountOfItsTotal() {
    assertEquals("  building orders_x_idx: phase \"building index: scanning table\", blocks 12000 of 80000 (15%),"
        + " tuples 0 of 0", new IndexProgress("building index: scanning table", 12000, 80000, 0, 0, 0, 0)
        .line("orders_x_idx"));
    assertEquals("  building t_data_gin: phase \"building index: loading tuples in tree\", blocks 80000 of 80000"
        + " (100%), tuples 1999999 of 2000000 (99%), partitions 1 of 4 (25%)",
        new IndexProgress("building index: loading tuples in tree", 80000, 80000, 1_999_999, 2_000_000, 1, 4)
            .line("t_data_gin"));
    assertEquals("  building t_u_idx: phase \"initializing\", blocks 0 of 0, tuples 0 of 0",
        new IndexProgress("initializing", 0, 0, 0, 0, 0, 0).line("t_u_idx"));
  }
}
