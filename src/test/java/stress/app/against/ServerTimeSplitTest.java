package stress.app.against;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import stress.metrics.OperationStats;
import stress.server.StatementStatistics;
import stress.server.StatementStatistics.Row;

/**
 * The split on real {@code pg_stat_statements} rows read around one {@code run --against} (fixtures/pg-stat-statements,
 * its README): FerretDB 2's DocumentDB calls by command kind, the translated SQL's statements by their text.
 */
class ServerTimeSplitTest {
  private static final long ROADS = 29451; // the table's database in the fixture

  @Test
  void documentDbCallsAreSplitByCommandKindAndTwoFindsShareOneStatement() throws IOException {
    List<Row> delta = delta();
    Map<String, List<String>> commands = new LinkedHashMap<>();
    commands.put("customer_since", List.of("find"));
    commands.put("by_status_in_range", List.of("find"));
    commands.put("count_status", List.of("aggregate"));
    ServerTimeSplit.Phase phase = ServerTimeSplit.documentdb("mongodb", "2 threads", client(), delta, commands);

    assertEquals(2, phase.rows().size(), phase.lines().toString());
    ServerTimeSplit.StatementTime find = phase.rows().get(0);
    assertEquals("documentdb_api.find_cursor_first_page", find.statement());
    assertEquals(List.of("customer_since", "by_status_in_range"), find.operations());
    assertEquals(74, find.calls());
    assertEquals(686.361 / 74, find.serverMs(), 1e-3);
    assertEquals(45.0, find.clientMs(), 0.1); // 30 at 40 ms and 10 at 60 ms
    assertEquals(find.clientMs() - find.serverMs(), find.outsideMs(), 1e-9);
    ServerTimeSplit.StatementTime aggregate = phase.rows().get(1);
    assertEquals(List.of("count_status"), aggregate.operations());
    assertEquals(37, aggregate.calls());
    assertEquals(511.404 / 37, aggregate.serverMs(), 1e-3);
    // list_collections, list_indexes, FerretDB's version checks, pg_cron and the table's database: all the others
    assertEquals(767 - 2 - 74 - 37, phase.otherCalls());
    assertTrue(phase.lines().get(1).contains("one statement for 2 operations: their figures mixed"),
        phase.lines().toString());
  }

  @Test
  void translatedStatementsAreToldApartByTheirTextWithConstantsAsTheServerKeepsThem() throws IOException {
    Map<String, List<String>> statements = new LinkedHashMap<>();
    for (String line : resource("statements.tsv").split("\n")) {
      String[] cols = line.split("\t", 2);
      statements.put(cols[0], List.of(cols[1]));
    }
    ServerTimeSplit.Phase phase = ServerTimeSplit.sql("postgresql", "2 threads", client(), delta(), ROADS,
        statements);

    Map<String, ServerTimeSplit.StatementTime> byOp = new LinkedHashMap<>();
    phase.rows().forEach(r -> byOp.put(String.join(",", r.operations()), r));
    assertEquals(List.of("customer_since", "by_status_in_range", "count_status"), List.copyOf(byOp.keySet()));
    // the measured statement and the one with literals written in (the check before measuring) are one statement
    assertEquals(77, byOp.get("customer_since").calls());
    assertEquals((1395.216 + 11.958) / 77, byOp.get("customer_since").serverMs(), 1e-3);
    assertEquals(87, byOp.get("by_status_in_range").calls());
    assertEquals(78, byOp.get("count_status").calls());
    assertEquals(1947.591 / 78, byOp.get("count_status").serverMs(), 1e-3);
    assertEquals(767 - 2 - 77 - 87 - 78, phase.otherCalls());
  }

  @Test
  void aLayerOnAnotherServerIsSaidAndSqlWithoutKnownTextsIsOneRow() throws IOException {
    List<Row> onlyTable = delta().stream().filter(r -> r.dbid() == ROADS).toList();
    ServerTimeSplit.Phase away = ServerTimeSplit.documentdb("mongodb", "2 threads", client(), onlyTable,
        Map.of("customer_since", List.of("find")));
    assertTrue(away.rows().isEmpty());
    assertTrue(away.note().startsWith("no DocumentDB call reached this server"), away.note());

    ServerTimeSplit.Phase untold = ServerTimeSplit.sql("postgresql", "2 threads", client(), delta(), ROADS,
        Map.of());
    assertEquals(1, untold.rows().size());
    assertEquals(List.of("customer_since", "by_status_in_range", "count_status"), untold.rows().get(0).operations());
    assertTrue(untold.note().contains("not told apart"), untold.note());
  }

  @Test
  void roundsOfOnePhaseAreAddedUp() throws IOException {
    ServerTimeSplit.Phase one = ServerTimeSplit.documentdb("mongodb", "2 threads", client(), delta(),
        Map.of("count_status", List.of("aggregate")));
    List<ServerTimeSplit.Phase> merged = ServerTimeSplit.merged(List.of(one, one));
    assertEquals(1, merged.size());
    assertEquals("2 threads, 2 rounds", merged.get(0).phase());
    assertEquals(74, merged.get(0).rows().get(0).calls());
    assertEquals(one.rows().get(0).serverMs(), merged.get(0).rows().get(0).serverMs(), 1e-9);
    assertEquals(2 * one.otherCalls(), merged.get(0).otherCalls());
  }

  @Test
  void textsAreComparedAsTheServerNormalisesThem() {
    assertEquals(ServerTimeSplit.normal("SELECT a FROM t WHERE x = $1 AND y = $2 LIMIT $3"),
        ServerTimeSplit.normal("SELECT a\n FROM t WHERE x = ? AND y = 'it''s' LIMIT 10"));
    assertEquals(ServerTimeSplit.normal("SELECT CASE WHEN a THEN $1 ELSE $2 END >= $3"),
        ServerTimeSplit.normal("SELECT CASE WHEN a THEN NULL ELSE true END >= -1.7976931348623158079e+308"));
    assertTrue(!ServerTimeSplit.normal("SELECT * FROM t_1").equals(ServerTimeSplit.normal("SELECT * FROM t_2")));
  }

  @Test
  void rowsThatGrewAreTheDeltaAndARowResetMeanwhileCountsFromZero() {
    Row a = new Row(10, 5, 1, true, null, 10, 100);
    Row b = new Row(10, 5, 2, true, null, 4, 8);
    StatementStatistics.Snapshot before = new StatementStatistics.Snapshot(List.of(a, b));
    StatementStatistics.Snapshot after = new StatementStatistics.Snapshot(List.of(
        new Row(10, 5, 1, true, null, 15, 160), new Row(10, 5, 2, true, null, 3, 6),
        new Row(10, 5, 3, true, null, 0, 0)));
    List<Row> grown = after.since(before);
    assertEquals(2, grown.size());
    assertEquals(5, grown.get(0).calls());
    assertEquals(60, grown.get(0).totalExecMs(), 1e-9);
    assertEquals(3, grown.get(1).calls()); // reset by pg_stat_statements_reset() in between
  }

  /** The fixture's rows that grew, their texts kept, the snapshots' own statements left out. */
  private static List<Row> delta() throws IOException {
    List<Row> before = rows("before.csv");
    List<Row> after = rows("after.csv");
    Map<List<Object>, String> texts = new LinkedHashMap<>();
    after.forEach(r -> texts.put(List.of(r.userid(), r.dbid(), r.queryid(), r.toplevel()), r.query()));
    List<Row> grown = new ArrayList<>();
    for (Row r : new StatementStatistics.Snapshot(after).since(new StatementStatistics.Snapshot(before))) {
      grown.add(new Row(r.userid(), r.dbid(), r.queryid(), r.toplevel(),
          texts.get(List.of(r.userid(), r.dbid(), r.queryid(), r.toplevel())), r.calls(), r.totalExecMs()));
    }
    return StatementStatistics.withoutOwn(grown);
  }

  private static List<OperationStats> client() {
    return List.of(stats("customer_since", 30, 40), stats("by_status_in_range", 10, 60), stats("count_status", 20, 50));
  }

  private static OperationStats stats(String name, int count, long ms) {
    Histogram h = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
    h.recordValueWithCount(TimeUnit.MILLISECONDS.toNanos(ms), count);
    return OperationStats.of(name, h, new Histogram(TimeUnit.SECONDS.toNanos(60), 3), count, List.of(), 3.0);
  }

  private static List<Row> rows(String file) throws IOException {
    List<List<String>> records = csv(resource(file));
    List<Row> rows = new ArrayList<>();
    for (List<String> r : records.subList(1, records.size())) {
      rows.add(new Row(Long.parseLong(r.get(0)), Long.parseLong(r.get(1)), Long.parseLong(r.get(2)),
          r.get(3).equals("t"), r.get(6), Long.parseLong(r.get(4)), Double.parseDouble(r.get(5))));
    }
    return rows;
  }

  /** RFC 4180 as psql's {@code COPY ... (FORMAT csv)} writes it: quoted fields may hold commas, quotes and lines. */
  private static List<List<String>> csv(String text) {
    List<List<String>> records = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        record.add(field.toString());
        field.setLength(0);
      } else if (c == '\n') {
        record.add(field.toString());
        field.setLength(0);
        records.add(record);
        record = new ArrayList<>();
      } else {
        field.append(c);
      }
    }
    return records;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = ServerTimeSplitTest.class.getResourceAsStream("/fixtures/pg-stat-statements/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
