package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.testing.TestDatabase;

/**
 * {@code run --against} with rounds prints each target's header once, before its first phase, and a line per later
 * round; the MongoDB target's header is its own (the server, the driver and its pool, read and write settings, the time
 * limit), with none of PostgreSQL's choices on its lines. On the server of {@code STRESS_MONGODB_URL} (CI starts
 * FerretDB); skipped without one.
 */
class TargetHeadersIT {
  @Test
  void eachTargetsHeaderOnceAndMongoDbsOwn() {
    String mongo = MongoTestServer.withSampleOrdersIn("target_headers");
    String url = TestDatabase.newDatabaseUrl("target_headers");
    assertEquals(0, CliTester.run("--url", url, "-U", "postgres", "import", "datasets/sample-large").exitCode());

    CliTester.Result run = CliTester.run("--url", url, "-U", "postgres", "run", "--workload",
        "config/workloads/orders-mongo.yaml", "--op", "customer_since,count_status", "--table", "stress_orders",
        "--against", mongo, "--collection", "target_headers.orders", "--threads", "1", "--duration", "1s", "--warmup",
        "0", "--rounds", "3");
    assertEquals(0, run.exitCode(), run.all());
    List<String> lines = run.out().lines().toList();
    assertEquals(1, lines.stream().filter(l -> l.equals("target: PostgreSQL")).count(), run.out());
    // no advice to restart where it cannot help: the embedded server, or a MongoDB side that cannot be split
    assertEquals(1, lines.stream().filter(l -> l.startsWith("where the time goes: not split: ")).count(), run.out());
    assertTrue(lines.stream().noneMatch(l -> l.contains("add it to shared_preload_libraries")), run.out());
    assertEquals(1, lines.stream().filter(l -> l.startsWith("statement modes: ")).count(), run.out());
    List<String> mongoTarget = lines.stream().filter(l -> l.startsWith("target: ") && !l.equals("target: PostgreSQL"))
        .toList();
    assertEquals(1, mongoTarget.size(), run.out());
    // FerretDB 2 names the DocumentDB and the PostgreSQL it runs on
    assertTrue(mongoTarget.get(0).matches("target: (FerretDB \\S+( on DocumentDB [\\d.]+, PostgreSQL [\\d.]+)?"
        + " \\(answers as MongoDB [\\d.]+\\)|MongoDB [\\d.]+), (standalone|replica set .*|sharded .*)"),
        mongoTarget.get(0));
    assertEquals(1, lines.stream().filter(l -> l.matches("driver: MongoDB Java driver \\d+\\.\\d+\\.\\d+ \\(sync\\),"
        + " pool up to \\d+ connections per host.*")).count(), run.out());
    assertEquals(1, lines.stream().filter(l -> l.startsWith("read preference: primary")).count(), run.out());
    assertEquals(1, lines.stream().filter(l -> l.equals("maxTimeMS: 30000 on every call (--statement-timeout)"))
        .count(), run.out());
    for (int round = 1; round <= 3; round++) {
      String r = " round " + round + " of 3:";
      assertEquals(1, lines.stream().filter(l -> l.startsWith("target mongodb (") && l.endsWith(r)).count(), run.out());
      assertEquals(1, lines.stream().filter(l -> l.startsWith("target postgresql (") && l.endsWith(r)).count(),
          run.out());
    }
    // MongoDB's phases name what applies to them: the threads, not PostgreSQL's mode, pool or jit
    String mongoPart = run.out().substring(run.out().indexOf("\ntarget mongodb ("));
    String firstMongoPhase = mongoPart.lines().filter(l -> l.startsWith("phase ")).findFirst().orElseThrow();
    assertTrue(firstMongoPhase.matches("phase [1-6]/6: threads=1"), firstMongoPhase);
    // each target-round's phase numbered as the plan counts them: 2 targets x 3 rounds, 1 to 6 each once
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("plan: 6 phases")), run.out());
    assertEquals(List.of("1", "2", "3", "4", "5", "6"), lines.stream().filter(l -> l.matches("phase \\d+/\\d+: .*"))
        .map(l -> l.substring(6, l.indexOf('/'))).toList(), run.out());
    assertTrue(lines.stream().filter(l -> l.startsWith("phase ")).allMatch(l -> l.matches("phase \\d/6: .*")),
        run.out());
  }
}
