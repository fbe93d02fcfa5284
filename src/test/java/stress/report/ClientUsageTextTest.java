package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;
import stress.metrics.HostUsage;

class ClientUsageTextTest {
  private static final long MB = 1024 * 1024;

  @Test
  void oneLineOfFiguresWhenTheClientIsNotTheBottleneck() {
    ClientUsage u = ClientUsage.of(10, 2, 5.0, 3.0, 2.0, 250_000, 12, 0.08, 351 * MB, 120 * MB, 256 * MB, null);
    assertEquals("client: CPU 5.0 s (user 3.0 s, system 2.0 s) = 25% of 2 cores, 20.0 µs per operation; GC 12 in"
        + " 80.0 ms (0.8% of the time); peak RSS 351 MB, heap peak 120 MB of 256 MB\n", ClientUsageText.lines(u));
    assertEquals("", ClientUsageText.lines(null));
  }

  @Test
  void aSecondLineSaysTheClientIsTheBottleneckAndWhatToDo() {
    ClientUsage u = ClientUsage.of(10, 2, 19.0, null, null, 1_000_000, 3, 0.01, null, 64 * MB, -1, null);
    String[] lines = ClientUsageText.lines(u).split("\n");
    assertEquals(2, lines.length);
    assertTrue(lines[0].startsWith("client: CPU 19.0 s = 95% of 2 cores, 19.0 µs per operation;"), lines[0]);
    assertTrue(lines[0].endsWith("peak RSS unknown, heap peak 64 MB"), lines[0]);
    assertEquals("client is the bottleneck (CPU at 95% of the 2 cores it may use): the figures understate the"
        + " server; use fewer threads per process, more processes (--instance i/n on each, then stress merge),"
        + " virtual threads (--virtual-threads, Java 21+; the default from Java 24 on for more than 4 threads per core), event loops for find_first"
        + " (--event-loops N), or a load host of its own", lines[1]);
  }

  @Test
  void aClientOnTheServersBusyHostIsToldToMoveOrToTakeOtherCpus() {
    ClientUsage u = ClientUsage.of(10, 2, 7.4, 2.9, 4.5, 270_000, 12, 0.013, 105 * MB, 32 * MB, -1,
        new HostUsage(2, 0.98, true));
    String[] lines = ClientUsageText.lines(u).split("\n");
    assertEquals(2, lines.length);
    assertTrue(lines[0].endsWith("heap peak 32 MB; host 2 CPUs 98% busy, server on this host"), lines[0]);
    assertEquals("host saturated, client and server on it (this host's 2 CPUs were 98% busy: the client took 37% of"
        + " them, the server and anything else on the host 61%): " + ClientUsageText.SHARED_HOST_ADVICE, lines[1]);
    ClientUsage elsewhere = ClientUsage.of(10, 2, 7.4, 2.9, 4.5, 270_000, 12, 0.013, 105 * MB, 32 * MB, -1,
        new HostUsage(2, 0.4, false));
    assertTrue(ClientUsageText.lines(elsewhere).endsWith("heap peak 32 MB; host 2 CPUs 40% busy\n"));
    // the host split where the server's processes were read, and the pacer's lag of a paced run
    ClientUsage split = ClientUsage.of(10, 2, 7.4, 2.9, 4.5, 270_000, 12, 0.013, 105 * MB, 32 * MB, -1,
        new HostUsage(2, 0.98, true, 0.40)).withPacer(new stress.metrics.PacerLag(270_000, 0.02, 0.3, 12));
    assertTrue(ClientUsageText.lines(split).split("\n")[0].endsWith("heap peak 32 MB; host 2 CPUs 98% busy, server on"
        + " this host (its processes 40%, the client 37%, others 21%); pacer: 2% of starts behind schedule, woke p99"
        + " 0.3 ms late (max 12 ms)"), ClientUsageText.lines(split));
    ClientUsage merged = ClientUsageText.merge(List.of(u, elsewhere));
    assertEquals(null, merged.host(), "processes of a merge may have run on different hosts");
    assertTrue(ClientUsageText.lines(merged).contains(ClientUsageText.ADVICE), ClientUsageText.lines(merged));
  }

  @Test
  void theJitsShareIsInTheLineAndAboveTenPercentItSaysTheClientWasStillWarmingUp() {
    ClientUsage settled = ClientUsage.of(10, 2, 5.0, 3.0, 2.0, 250_000, 12, 0.08, 351 * MB, 120 * MB, 256 * MB, null)
        .withJitSeconds(0.4);
    assertEquals("client: CPU 5.0 s (user 3.0 s, system 2.0 s) = 25% of 2 cores, 20.0 µs per operation; JIT 0.4 s (8%"
        + " of the CPU); GC 12 in 80.0 ms (0.8% of the time); peak RSS 351 MB, heap peak 120 MB of 256 MB\n",
        ClientUsageText.lines(settled));
    ClientUsage compiling = settled.withJitSeconds(0.7);
    String[] lines = ClientUsageText.lines(compiling).split("\n");
    assertEquals(2, lines.length);
    assertTrue(lines[0].contains("; JIT 0.7 s (14% of the CPU); GC 12"), lines[0]);
    assertEquals("client still warming up (its JIT took 14% of its CPU while measuring): some executions ran on code"
        + " not yet optimised and the CPU per operation includes compiling; a longer --warmup leaves that out", lines[1]);
  }

  @Test
  void mergingAddsTheJitsCpuWhenEveryProcessKnowsIt() {
    ClientUsage a = ClientUsage.of(10, 2, 2.0, 1.5, 0.5, 100_000, 5, 0.1, 300 * MB, 100 * MB, 256 * MB, null)
        .withJitSeconds(0.5);
    ClientUsage b = ClientUsage.of(9, 2, 3.0, 2.0, 1.0, 100_000, 7, 0.2, 400 * MB, 90 * MB, 256 * MB, null)
        .withJitSeconds(0.25);
    assertEquals(0.75, ClientUsageText.merge(List.of(a, b)).jitSeconds(), 1e-9);
    assertEquals(0.15, ClientUsageText.merge(List.of(a, b)).jitShare(), 1e-9);
    assertNull(ClientUsageText.merge(List.of(a, b.withJitSeconds(null))).jitSeconds(),
        "a process that did not know its JIT's CPU leaves the sum unknown");
  }

  @Test
  void busyPollingIsShownApartFromTheCountedCpuAndAddedUpWhenMerging() {
    ClientUsage spun = ClientUsage.of(10, 1, 9.5, 4.0, 5.5, 100_000, 2, 0.1, 300 * MB, 100 * MB, 256 * MB, null)
        .withoutSpin(8.0);
    assertEquals("client: CPU 1.5 s = 15% of 1 core, 15.0 µs per operation; busy-poll 8.0 s more, polling with nothing"
        + " to read (not counted); GC 2 in 100.0 ms (1.0% of the time); peak RSS 300 MB, heap peak 100 MB of 256 MB\n",
        ClientUsageText.lines(spun));
    ClientUsage slept = ClientUsage.of(10, 1, 2.0, 1.5, 0.5, 100_000, 5, 0.1, 300 * MB, 100 * MB, 256 * MB, null);
    assertEquals(8.0, ClientUsageText.merge(List.of(spun, slept)).spinSeconds(), 1e-9);
    assertEquals(3.5, ClientUsageText.merge(List.of(spun, slept)).cpuSeconds(), 1e-9);
    assertNull(ClientUsageText.merge(List.of(slept, slept)).spinSeconds(), "no process polled");
  }

  @Test
  void mergingAddsTheProcessesAndKeepsOneProcesssVerdict() {
    ClientUsage idle = ClientUsage.of(10, 2, 2.0, 1.5, 0.5, 100_000, 5, 0.1, 300 * MB, 100 * MB, 256 * MB, null);
    ClientUsage busy = ClientUsage.of(9, 2, 18.0, 12.0, 6.0, 900_000, 7, 0.2, 400 * MB, 90 * MB, 256 * MB, null);
    ClientUsage merged = ClientUsageText.merge(List.of(idle, busy));
    assertEquals(20.0, merged.cpuSeconds(), 1e-9);
    assertEquals(13.5, merged.userSeconds(), 1e-9);
    assertEquals(1_000_000, merged.operations());
    assertEquals(20.0, merged.cpuMicrosPerOperation(), 1e-9);
    assertEquals(4, merged.cores());
    assertEquals(10.0, merged.seconds());
    assertEquals(12, merged.gcCount());
    assertEquals(400 * MB, merged.peakRssBytes());
    assertEquals("input 2: CPU at 100% of the 2 cores it may use", merged.bottleneck());
    assertNull(ClientUsageText.merge(Arrays.asList(idle, null)), "a result without figures makes none");
  }
}
