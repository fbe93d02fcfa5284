package stress.metrics.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;
import stress.metrics.HostUsage;

/** The derived figures and the verdict of {@link ClientUsage}, and the /proc parsing of {@link ClientMeter}. */
class ClientUsageTest {
  @Test
  void derivesPerOperationAndShares() {
    ClientUsage u = ClientUsage.of(10, 2, 5.0, 3.0, 2.0, 250_000, 4, 0.2, 300L << 20, 100L << 20, 256L << 20, null);
    assertEquals(20.0, u.cpuMicrosPerOperation(), 1e-9);
    assertEquals(0.25, u.cpuShare(), 1e-9);
    assertEquals(0.02, u.gcShare(), 1e-9);
    assertNull(u.bottleneck());
    assertFalse(u.clientBound());
  }

  @Test
  void cpuAboveTheLimitOfTheUsableCoresIsABottleneck() {
    ClientUsage u = ClientUsage.of(10, 2, 18.0, null, null, 1000, 0, 0, null, 0, -1, null);
    assertTrue(u.clientBound());
    assertEquals("CPU at 90% of the 2 cores it may use", u.bottleneck());
    // the same CPU on 4 cores is 45%: not a bottleneck
    assertFalse(ClientUsage.of(10, 4, 18.0, null, null, 1000, 0, 0, null, 0, -1, null).clientBound());
    // exactly at the limit is not above it
    assertFalse(ClientUsage.of(10, 1, 8.5, null, null, 1000, 0, 0, null, 0, -1, null).clientBound());
  }

  @Test
  void garbageCollectionAboveTheLimitIsABottleneck() {
    ClientUsage gc = ClientUsage.of(10, 2, 2.0, null, null, 1000, 40, 1.5, null, 0, -1, null);
    assertEquals("GC 15% of the wall time", gc.bottleneck());
    ClientUsage both = ClientUsage.of(10, 1, 9.9, null, null, 1000, 40, 1.5, null, 0, -1, null);
    assertEquals("CPU at 99% of the 1 core it may use, GC 15% of the wall time", both.bottleneck());
  }

  @Test
  void nothingMeasuredGivesZerosNotInfinities() {
    ClientUsage u = ClientUsage.of(0, 2, 0, null, null, 0, 0, 0, null, 0, -1, null);
    assertEquals(0.0, u.cpuMicrosPerOperation());
    assertEquals(0.0, u.cpuShare());
    assertEquals(0.0, u.gcShare());
    assertThrows(IllegalArgumentException.class, () -> ClientUsage.of(1, 0, 0, null, null, 0, 0, 0, null, 0, -1, null));
  }

  @Test
  void busyPollingIsLeftOutOfTheCpuFiguresAndTheVerdictAndKeptApart() {
    // one core for 10 s, 9.5 s of CPU, 8 s of it polling with nothing to read
    ClientUsage spun = ClientUsage.of(10, 1, 9.5, 4.0, 5.5, 100_000, 2, 0.1, null, 0, -1, null).withJitSeconds(0.2)
        .withoutSpin(8.0);
    assertEquals(1.5, spun.cpuSeconds(), 1e-9);
    assertEquals(15.0, spun.cpuMicrosPerOperation(), 1e-9);
    assertEquals(0.15, spun.cpuShare(), 1e-9);
    assertEquals(8.0, spun.spinSeconds(), 1e-9);
    assertEquals(0.2, spun.jitSeconds(), 1e-9);
    assertNull(spun.userSeconds(), "the polling's own user / system split is not known");
    assertNull(spun.systemSeconds());
    assertFalse(spun.clientBound(), "95% of the core, but only 15% of it working");
    assertNull(ClientUsage.of(10, 1, 9.5, 4.0, 5.5, 100_000, 2, 0.1, null, 0, -1, null).spinSeconds());
    // on CPUs shared with a busy server, the polling counts as CPU the server did not get
    ClientUsage shared = ClientUsage.of(10, 2, 10.0, null, null, 100_000, 0, 0, null, 0, -1,
        new HostUsage(2, 0.99, true)).withoutSpin(8.0);
    assertEquals(0.1, shared.cpuShare(), 1e-9);
    assertEquals("this host's 2 CPUs were 99% busy: the client took 50% of them, the server and anything else on the host 49%",
        shared.bottleneck());
    // polling that leaves the working part above the limit is still a bottleneck
    assertTrue(ClientUsage.of(10, 1, 9.9, null, null, 1000, 0, 0, null, 0, -1, null).withoutSpin(0.5).clientBound());
  }

  @Test
  void aJitAboveATenthOfTheClientsCpuMeansTheClientWasStillWarmingUp() {
    ClientUsage u = ClientUsage.of(10, 2, 5.0, 3.0, 2.0, 250_000, 4, 0.2, null, 0, -1, null);
    assertNull(u.jitShare(), "not known");
    assertFalse(u.stillCompiling());
    assertEquals(0.1, u.withJitSeconds(0.5).jitShare(), 1e-9);
    assertFalse(u.withJitSeconds(0.5).stillCompiling(), "exactly at the limit is not above it");
    assertTrue(u.withJitSeconds(0.51).stillCompiling());
    assertFalse(u.withJitSeconds(0.51).clientBound(), "compiling is not a bottleneck of the run");
    assertEquals(0.0, ClientUsage.of(0, 2, 0, null, null, 0, 0, 0, null, 0, -1, null).withJitSeconds(0.0).jitShare());
  }

  @Test
  void readsUserAndSystemTicksEvenWithSpacesAndParenthesesInTheCommand() {
    String stat = "4242 (java (a) b) S 1 4242 4242 0 -1 4194560 3052 0 1 0 1234 567 0 0 20 0 31 0 123 0 0";
    long[] ticks = ClientMeter.parseStatTicks(stat);
    assertEquals(1234, ticks[0]);
    assertEquals(567, ticks[1]);
  }

  @Test
  void readsThePeakResidentSetFromStatus() {
    String status = "Name:\tjava\nVmPeak:\t 5000000 kB\nVmHWM:\t  358400 kB\nVmRSS:\t  300000 kB\n";
    assertEquals(358_400L * 1024, ClientMeter.parseKilobytes(status, "VmHWM:"));
    assertNull(ClientMeter.parseKilobytes("Name:\tjava\n", "VmHWM:"));
  }

  @Test
  void measuresThisProcess() {
    ClientMeter meter = ClientMeter.start(true);
    long sum = 0;
    // work and garbage the meter must see
    for (int i = 0; i < 2_000_000; i++) {
      sum += String.valueOf(i).hashCode();
    }
    ClientUsage u = meter.stop(1000, true);
    assertTrue(sum != 1, "keeps the loop");
    assertTrue(u.cpuSeconds() > 0, "CPU spent: " + u);
    assertEquals(u.cpuSeconds() * 1e6 / 1000, u.cpuMicrosPerOperation(), 1e-6);
    assertEquals(Runtime.getRuntime().availableProcessors(), u.cores());
    assertTrue(u.peakHeapBytes() > 0, "the loop's strings were on the heap: " + u);
    if (System.getProperty("os.name").startsWith("Linux")) {
      assertNotNull(u.peakRssBytes(), "VmHWM on Linux");
      assertTrue(u.peakRssBytes() > u.peakHeapBytes() / 4, u.toString());
      if (u.userSeconds() != null) {
        assertEquals(u.cpuSeconds(), u.userSeconds() + u.systemSeconds(), 1e-9);
      }
      assertNotNull(u.jitSeconds(), "/proc/self/task on Linux");
      assertTrue(u.jitSeconds() >= 0 && u.jitSeconds() <= u.cpuSeconds(), u.toString());
      assertNotNull(u.host(), "/proc/stat on Linux");
      assertTrue(u.host().cpus() >= 1 && u.host().cpuShare() > 0 && u.host().cpuShare() <= 1, u.host().toString());
      assertTrue(u.host().serverOnThisHost());
    }
  }

  @Test
  void aClientThatSharesABusyHostWithTheServerIsABottleneck() {
    // 30% of 2 cores for the client, the host's 2 CPUs 97% busy with the server on them
    ClientUsage shared = ClientUsage.of(10, 2, 6.0, null, null, 1000, 0, 0, null, 0, -1, new HostUsage(2, 0.97, true));
    assertEquals("this host's 2 CPUs were 97% busy: the client took 30% of them, the server and anything else on the host 67%",
        shared.bottleneck());
    assertTrue(shared.onlySharesCpusWithServer());
    // the server elsewhere: the busy host is not the server's loss
    assertFalse(ClientUsage.of(10, 2, 6.0, null, null, 1000, 0, 0, null, 0, -1, new HostUsage(2, 0.97, false))
        .clientBound());
    // the host not busy
    assertFalse(ClientUsage.of(10, 2, 6.0, null, null, 1000, 0, 0, null, 0, -1, new HostUsage(2, 0.80, true))
        .clientBound());
    // the client limited to 2 of 4 CPUs (affinity, a container): it may not share them with the server
    assertFalse(ClientUsage.of(10, 2, 6.0, null, null, 1000, 0, 0, null, 0, -1, new HostUsage(4, 0.97, true))
        .clientBound());
    // a client that took 5% of a busy host is not what kept the server short
    assertFalse(ClientUsage.of(10, 2, 1.0, null, null, 1000, 0, 0, null, 0, -1, new HostUsage(2, 0.97, true))
        .clientBound());
    // short of CPU itself: that verdict and its advice come first
    ClientUsage saturated = ClientUsage.of(10, 2, 18.0, null, null, 1000, 0, 0, null, 0, -1, new HostUsage(2, 0.99, true));
    assertEquals("CPU at 90% of the 2 cores it may use", saturated.bottleneck());
    assertFalse(saturated.onlySharesCpusWithServer());
  }

  @Test
  void readsTheHostsBusyAndTotalTicksAndItsCpus() {
    String stat = """
        cpu  100 5 50 800 40 3 2 10 7 0
        cpu0 50 2 25 400 20 1 1 5 4 0
        cpu1 50 3 25 400 20 2 1 5 3 0
        intr 12345 0 0
        ctxt 99999
        """;
    HostCpu before = HostCpu.parse(stat);
    // user..steal = 1010 ticks, idle + iowait 840; guest (7) is already part of user
    assertEquals(1010, before.totalTicks());
    assertEquals(170, before.busyTicks());
    assertEquals(2, before.cpus());
    HostCpu after = new HostCpu(170 + 90, 1010 + 100, 2);
    assertEquals(0.9, after.busyShareSince(before), 1e-9);
    assertNull(before.busyShareSince(before), "no tick passed");
    assertThrows(IllegalArgumentException.class, () -> HostCpu.parse("intr 1 2 3\n"));
  }
}
