package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** The server's processes' CPU from {@code /proc/<pid>/stat} lines as Linux writes them. */
class ServerCpuTest {
  /** A backend's line: utime 1500 and stime 300 are fields 14 and 15. */
  private static final String BACKEND = "4242 (postgres) S 4100 4100 4100 0 -1 4194560 2119 0 0 0 1500 300 0 0 20 0 1"
      + " 0 123456 229765120 3532 18446744073709551615 1 1 0 0 0 0 4194304 19935232 84483 0 0 0 17 1 0 0 0 0 0";

  @Test
  void aServerProcessCountsItsUserAndSystemTicksAndOthersAreNotServers() {
    assertEquals(1800, ServerCpu.serverTicks(BACKEND));
    assertEquals(-1, ServerCpu.serverTicks(BACKEND.replace("(postgres)", "(java)")));
    // a name with spaces and parentheses: fields are counted after the last ')'
    assertEquals(-1, ServerCpu.serverTicks(BACKEND.replace("(postgres)", "(my (postgres) copy)")));
    assertEquals(1800, ServerCpu.serverTicks(BACKEND.replace("(postgres)", "(ferretdb)")));
  }

  @Test
  void ticksSinceAnEarlierSampleCountNewProcessesWholeAndLeaveOutEndedOnes() {
    ServerCpu before = new ServerCpu(Map.of(1, 100L, 2, 50L, 3, 70L));
    ServerCpu after = new ServerCpu(Map.of(1, 130L, 2, 50L, 4, 12L, 5, 0L));
    assertEquals(30 + 0 + 12, after.ticksSince(before), "pid 3 ended: its ticks are not known");
    // a pid reused by a process with fewer ticks than the old one had: the new process's all
    assertEquals(5, new ServerCpu(Map.of(1, 5L)).ticksSince(new ServerCpu(Map.of(1, 900L))));
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void thisHostCanBeSampled() {
    ServerCpu now = ServerCpu.sample();
    assertNotNull(now, "/proc is readable on Linux");
    assertTrue(now.ticksSince(now) == 0);
  }
}
