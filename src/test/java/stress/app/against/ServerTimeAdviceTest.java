package stress.app.against;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.app.setup.ChosenDatabase.Embedded;
import stress.connect.ConnectionSpec;
import stress.mongodb.ServerIdentity;
import stress.testing.TestDatabase;

/**
 * Where pg_stat_statements is not loaded (the tests' server), the advice under {@code run --against} is the one that
 * can work on the run's server: {@code embedded start --preload} for the embedded ones, restarting a server of one's
 * own only for that. A FerretDB 2 side is one the split would cover.
 */
class ServerTimeAdviceTest {
  private static List<String> advice(Embedded embedded) {
    ConnectionSpec spec = new ConnectionSpec(TestDatabase.url("postgres"), "postgres", null, Map.of(), List.of());
    ServerIdentity ferretDb2 = new ServerIdentity(ServerIdentity.Kind.FERRETDB_2, "2.0.0", "7.0.77", "0.100.0",
        "PostgreSQL 17.2", null);
    try (ServerTimeWatch watch = ServerTimeWatch.open(spec).onEmbedded(embedded)) {
      assertTrue(watch.absence() != null && watch.absence().startsWith("pg_stat_statements is not loaded"),
          "the tests' server does not load it: " + watch.absence());
      return watch.lines(Map.of("mongodb", ferretDb2));
    }
  }

  @Test
  void eachServerGetsTheAdviceThatWorksOnIt() {
    assertEquals(List.of("where the time goes: not split: the embedded server started for this run does not load"
        + " pg_stat_statements; 'stress embedded start --preload pg_stat_statements' keeps one that does, for every"
        + " command given no connection"), advice(Embedded.FOR_THIS_COMMAND));
    assertEquals(List.of("where the time goes: not split: the kept embedded server does not load pg_stat_statements;"
        + " 'stress embedded stop', then 'stress embedded start --preload pg_stat_statements'"),
        advice(Embedded.KEPT));
    List<String> own = advice(Embedded.NONE);
    assertEquals(1, own.size(), own.toString());
    assertTrue(own.get(0).startsWith("where the time goes: the server-side split needs pg_stat_statements on the"
        + " PostgreSQL server (pg_stat_statements is not loaded") && own.get(0).contains("restart the server"),
        own.get(0));
  }
}
