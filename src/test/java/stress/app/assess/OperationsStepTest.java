package stress.app.assess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.connect.ConnectionOptions;
import stress.mongolog.LogWorkloads;
import stress.report.JsonReport;
import stress.report.assess.OperationsSection;
import stress.report.assess.OperationsSection.Shape;
import stress.report.assess.WorkloadSection;

/**
 * The operations section of a small mongod 8.0 log written here: 3 finds by _id, 2 updates adding a document with
 * $addToSet (a named difference: key order), a distinct (written as a pipeline), a $where and a $text (refused): 8
 * statements, each shape's share of them, the refusals by operator.
 */
class OperationsStepTest {
  private static final String HEAD = "{\"t\":{\"$date\":\"2025-03-10T14:00:%02d.000+00:00\"},\"s\":\"I\",\"c\":\"%s\","
      + "\"id\":51803,\"ctx\":\"conn%d\",\"msg\":\"Slow query\",\"attr\":{\"type\":\"%s\",\"isFromUserConnection\":true,"
      + "\"ns\":\"shop.carts\",\"collectionType\":\"normal\",\"appName\":\"cart-api\",\"command\":%s,";
  private static final String FIND_TAIL = "\"planSummary\":\"%s\",\"keysExamined\":1,\"docsExamined\":1,\"nBatches\":1,"
      + "\"cursorExhausted\":true,\"numYields\":0,\"nreturned\":1,\"queryFramework\":\"classic\",\"reslen\":200,"
      + "\"cpuNanos\":5000,\"workingMillis\":1,\"durationMillis\":1}}";
  private static final String UPDATE_TAIL = "\"planSummary\":\"EXPRESS_IDHACK\",\"keysExamined\":1,\"docsExamined\":1,"
      + "\"nMatched\":1,\"nModified\":1,\"numYields\":0,\"cpuNanos\":5000,\"workingMillis\":1,\"durationMillis\":1}}";

  @TempDir
  Path dir;

  static String read(int second, String command, String plan) {
    return String.format(HEAD, second, "COMMAND", second, "command", command) + String.format(FIND_TAIL, plan);
  }

  static String update(int second, String statement) {
    return String.format(HEAD, second, "WRITE", second, "update", statement) + UPDATE_TAIL;
  }

  /** The log: the profiler at slowms 0, then the application's 8 statements on shop.carts. */
  static String log() {
    return String.join("\n",
        "{\"t\":{\"$date\":\"2025-03-10T14:00:00.000+00:00\"},\"s\":\"I\",\"c\":\"COMMAND\",\"id\":48742,\"ctx\":\"conn1\","
            + "\"msg\":\"Profiler settings changed\",\"attr\":{\"from\":{\"level\":0,\"slowms\":100,\"sampleRate\":1.0},"
            + "\"to\":{\"level\":0,\"slowms\":0,\"sampleRate\":1.0}}}",
        read(1, "{\"find\":\"carts\",\"filter\":{\"_id\":7},\"limit\":1,\"$db\":\"shop\"}", "EXPRESS_IDHACK"),
        read(2, "{\"find\":\"carts\",\"filter\":{\"_id\":8},\"limit\":1,\"$db\":\"shop\"}", "EXPRESS_IDHACK"),
        read(3, "{\"find\":\"carts\",\"filter\":{\"_id\":9},\"limit\":1,\"$db\":\"shop\"}", "EXPRESS_IDHACK"),
        update(4, "{\"q\":{\"_id\":7},\"u\":{\"$addToSet\":{\"items\":{\"sku\":\"A-1\",\"qty\":1}}},\"multi\":false,"
            + "\"upsert\":false}"),
        update(5, "{\"q\":{\"_id\":8},\"u\":{\"$addToSet\":{\"items\":{\"sku\":\"A-1\",\"qty\":1}}},\"multi\":false,"
            + "\"upsert\":false}"),
        read(6, "{\"distinct\":\"carts\",\"key\":\"status\",\"query\":{\"status\":{\"$ne\":\"closed\"}},\"$db\":\"shop\"}",
            "COLLSCAN"),
        read(7, "{\"find\":\"carts\",\"filter\":{\"$where\":\"this.items.length > 3\"},\"$db\":\"shop\"}", "COLLSCAN"),
        read(8, "{\"find\":\"carts\",\"filter\":{\"$text\":{\"$search\":\"red\"}},\"$db\":\"shop\"}", "TEXT_MATCH"))
        + "\n";
  }

  private OperationsSection assess() throws Exception {
    Path log = dir.resolve("mongod.log");
    Files.writeString(log, log());
    AssessRequest request = new AssessRequest(null, List.of(log), null, dir.resolve("out"), ConnectionOptions.empty(),
        null, null, Duration.ofMinutes(5), null, 42, true);
    AssessState state = AssessState.open(request);
    AssessContext context = new AssessContext(request, state, ConnectionOptions.empty(), System.out);
    state.saveSection(WorkloadStep.NAME, new WorkloadStep().run(context, Duration.ofSeconds(10)));
    Object section = new OperationsStep().run(context, Duration.ofSeconds(2));
    // as the report reads it back
    return JsonReport.mapper().readValue(JsonReport.mapper().writeValueAsString(section), OperationsSection.class);
  }

  @Test
  void refusalsCarryTheirNamespaceAndOperator() throws Exception {
    Path log = dir.resolve("mongod.log");
    Files.writeString(log, log());
    LogWorkloads.Result result = LogWorkloads.derive(new LogWorkloads.Request(List.of(log), dir.resolve("w"), null,
        Map.of(), stress.load.importer.TableNaming.defaults()));
    Map<String, LogWorkloads.Refusal> byOperator = result.refusals().stream()
        .collect(Collectors.toMap(LogWorkloads.Refusal::operator, r -> r));
    assertEquals(2, byOperator.size(), result.refusals().toString());
    assertEquals("shop.carts", byOperator.get("$where").ns());
    assertEquals("find", byOperator.get("$where").kind());
    assertEquals(1, byOperator.get("$where").entries());
    assertTrue(byOperator.get("$text").reason().contains("$text"), byOperator.get("$text").reason());
    // the skipped reason still counts them, as workload --from-log prints it
    assertEquals(2, result.skipped().get(LogWorkloads.REFUSED).entries());
  }

  @Test
  void sharesAddUpAndEachShapeHasItsStatus() throws Exception {
    OperationsSection s = assess();
    assertEquals("log", s.source());
    assertEquals(8, s.entries());
    assertEquals(1.0, s.shapes().stream().mapToDouble(Shape::share).sum(), 1e-9);
    assertEquals(0.75, s.translates(), 1e-9);
    assertEquals(0.25, s.withDifference(), 1e-9);
    assertEquals(0.25, s.refused(), 1e-9);
    assertEquals(List.of("$text", "$where"), s.refusedBy().stream().map(OperationsSection.OperatorShare::operator)
        .sorted().toList());
    s.refusedBy().forEach(o -> assertEquals(0.125, o.share(), 1e-9));

    Shape where = s.shapes().stream().filter(x -> "$where".equals(x.refusedOperator())).findFirst().orElseThrow();
    assertEquals(OperationsSection.REFUSED, where.status());
    assertEquals("shop_carts", where.table());
    assertTrue(where.change().contains("$expr"), where.change());
    assertTrue(where.statement().contains("$where"), where.statement());

    Shape addToSet = s.shapes().stream().filter(x -> x.kind().equals("updateOne")).findFirst().orElseThrow();
    assertEquals(OperationsSection.WITH_DIFFERENCE, addToSet.status());
    assertEquals(2, addToSet.loggedEntries());
    assertEquals(List.of("$addToSet"), addToSet.differenceOperators());
    assertTrue(addToSet.difference().startsWith("key order"), addToSet.difference());
    assertEquals("not checked: a write", addToSet.check());

    Shape byId = s.shapes().stream().filter(x -> x.kind().equals("find")
        && x.status().equals(OperationsSection.TRANSLATES)).findFirst().orElseThrow();
    assertEquals(3, byId.loggedEntries());
    assertNull(byId.difference());
    assertTrue(byId.check().startsWith("not checked: no MongoDB server given"), byId.check());

    Shape distinct = s.shapes().stream().filter(x -> x.kind().equals("aggregate")).findFirst().orElseThrow();
    assertNotNull(distinct.derivedAs(), "the distinct is written as a pipeline, as the file's comment says");
    assertEquals(OperationsSection.TRANSLATES, distinct.status());

    assertEquals(1, s.collections().size());
    assertEquals(0.75, s.collections().get(0).translates(), 1e-9);
    assertEquals(List.of("75% of the logged operations translate (25% with a named difference); 12.5% use $text"
        + " (refused); 12.5% use $where (refused)", "answers not checked: no MongoDB server given (--against URL,"
        + " holding the same data)"), s.summaryLines());
  }

  @Test
  void collectionProblemsAreOneLine() {
    assertNull(OperationsStep.oneLine(Map.of(), 2));
    assertNull(OperationsStep.oneLine(Map.of("a.x", "missing"), 2), "the checked collection says its own");
    String line = OperationsStep.oneLine(new java.util.LinkedHashMap<>(Map.of("a.x", "collection a.x does not exist")),
        1);
    assertEquals("collection a.x does not exist", line);
    Map<String, String> all = new java.util.LinkedHashMap<>();
    all.put("a.x", "collection a.x does not exist on S");
    all.put("a.y", "collection a.y does not exist on S");
    all.put("a.z", "collection a.z does not exist on S");
    assertEquals("collection a.x does not exist on S; likewise 2 more of the 3 collections (does the server hold"
        + " this application's databases?)", OperationsStep.oneLine(all, 3));
  }

  @Test
  void changeOfARefusalIsItsOwnAdvice() {
    assertEquals("rewrite the statement: write the condition as {$expr: ...}", OperationsStep.change(
        new WorkloadSection.Refusal("a.b", "find", "$where", "find: operator $where runs JavaScript; write the"
            + " condition as {$expr: ...}", 1, 0, "{}")));
    assertEquals("rewrite the statement without $mod (the translation refuses it)", OperationsStep.change(
        new WorkloadSection.Refusal("a.b", "find", "$mod", "find: operator $mod is not supported", 1, 0, "{}")));
    assertEquals("rewrite the statement: projection of 'a.b': only top-level fields are supported",
        OperationsStep.change(new WorkloadSection.Refusal("a.b", "find", null, "find: projection of 'a.b': only"
            + " top-level fields are supported", 1, 0, "{}")));
  }

  @Test
  void operatorOfARefusal() {
    assertEquals("$where", LogWorkloads.operatorOf("find: operator $where runs JavaScript; write {$expr: ...}"));
    assertEquals("$type", LogWorkloads.operatorOf("find: $type \"double\" is not supported"));
    assertNull(LogWorkloads.operatorOf("find: projection of 'a.b': only top-level fields are supported"));
  }

  @Test
  void percentages() {
    assertEquals("0%", OperationsSection.percent(0));
    assertEquals("100%", OperationsSection.percent(1));
    assertEquals("1.1%", OperationsSection.percent(1.0 / 91));
    assertEquals("99%", OperationsSection.percent(0.99));
    assertEquals("12.5%", OperationsSection.percent(0.125));
    assertEquals(">99.9%", OperationsSection.percent(0.99999));
    assertEquals("<0.1%", OperationsSection.percent(0.000001));
    assertEquals("75%", OperationsSection.percent(0.75));
  }
}
