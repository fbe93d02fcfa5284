package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import stress.testing.TestDatabase;

/**
 * A paced run on the embedded server, whose processes are on this host: result.json keeps the server's part of the
 * host's CPUs and the pacer's lag beside the client's own figures, and the client line prints them.
 */
class ClientFiguresRunTest {
  @TempDir
  static Path dir;

  @Test
  @EnabledOnOs(OS.LINUX) // /proc
  void aPacedRunKeepsTheServersPartOfTheHostAndThePacersLag() throws Exception {
    String url = TestDatabase.newDatabaseUrl("client_figures");
    CliTester.Result init = CliTester.run("--url", url, "-U", "postgres", "init", "--docs", "300");
    assertEquals(0, init.exitCode(), init.all());
    Path json = dir.resolve("paced.json");
    CliTester.Result r = CliTester.run("--url", url, "-U", "postgres", "run", "--op", "find_first", "--threads", "2",
        "--rate", "3000", "--ops", "3000", "--warmup", "0", "--json", json.toString());
    assertEquals(0, r.exitCode(), r.all());
    JsonNode client = new ObjectMapper().readTree(json.toFile()).path("phases").get(0).path("client");
    // 3000 lookups take the server tens of ms of CPU: some ticks of its processes, whichever backends ended
    assertTrue(client.path("host").path("serverCpuShare").asDouble() > 0, client.toString());
    assertEquals(3000, client.path("pacer").path("starts").asLong(), "every measured execution was paced: " + client);
    String line = r.out().lines().filter(l -> l.startsWith("client: ")).findFirst().orElseThrow();
    assertTrue(line.contains(", server on this host (its processes ") && line.contains("; pacer: "), line);
  }
}
