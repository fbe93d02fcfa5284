package stress.metrics.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** The server's processes' CPU from {@code /proc/<pid>/stat} lines as Linux writes them. */
class ServerCpuTest {
  /** A postmaster's line: utime 1500, stime 300 (fields 14, 15), its ended children's 27268 and 23173 (16, 17). */
  private static final String POSTMASTER = "608 (postgres) S 1 608 608 0 -1 4194304 21513 911489 0 8 1500 300 27268"
      + " 23173 20 0 1 0 1281985 369672192 9828 18446744073709551615 1 1 0 0 0 0 4194304 19935232 84483 0 0 0 17 1 0 0";

  @Test
  void aServerProcessCountsItsOwnTicksAndItsEndedChildrensAndOthersAreNotServers() {
    assertEquals(1500 + 300 + 27268 + 23173, ServerCpu.serverTicks(POSTMASTER));
    assertEquals(-1, ServerCpu.serverTicks(POSTMASTER.replace("(postgres)", "(java)")));
    // a name with spaces and parentheses: fields are counted after the last ')'
    assertEquals(-1, ServerCpu.serverTicks(POSTMASTER.replace("(postgres)", "(my (postgres) copy)")));
    assertEquals(52241, ServerCpu.serverTicks(POSTMASTER.replace("(postgres)", "(ferretdb)")));
  }

  @Test
  void ticksSinceAnEarlierSampleAreTheDifferenceAndNeverBelowZero() {
    // a backend of 900 ticks, 700 of them before the first sample, ended and was reaped by the postmaster (+900)
    ServerCpu before = new ServerCpu(100 + 700);
    ServerCpu after = new ServerCpu(130 + 900);
    assertEquals(230, after.ticksSince(before), "the postmaster's 30 and the backend's 200 since the first sample");
    assertEquals(0, new ServerCpu(5).ticksSince(new ServerCpu(900)), "a server process ended unreaped by a server");
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void thisHostCanBeSampled() {
    ServerCpu now = ServerCpu.sample();
    assertNotNull(now, "/proc is readable on Linux");
    assertTrue(now.ticks() >= 0 && now.ticksSince(now) == 0);
  }
}
