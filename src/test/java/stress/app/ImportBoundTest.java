package stress.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.metrics.ClientUsage;
import stress.metrics.HostUsage;

/** The import summary's last lines: the client's CPU per MB beside the load's MB/s, and what bounded the load. */
class ImportBoundTest {
  private static ClientUsage usage(double seconds, double cpuSeconds, HostUsage host) {
    return ClientUsage.of(seconds, 2, cpuSeconds, null, null, 150_000, 0, 0, null, 0, 1, host);
  }

  @Test
  void aClientThatHadCpuToSpareLeavesTheServerAsTheBound() {
    String lines = ImportBound.lines(usage(10, 4, new HostUsage(2, 0.5, true)), 464_170_000L);
    assertEquals("client: CPU 4.0 s = 20% of 2 cores, 8.6 ms per MB of BSON; the load: 46.4 MB/s of BSON in 10.0 s\n"
        + "bounded by: the server, or the network to it: the client used 20% of its cores (this host's CPUs were 50%"
        + " busy)", lines);
  }

  @Test
  void aBusyClientOrABusySharedHostIsNamed() {
    assertTrue(ImportBound.bound(usage(10, 18, null)).startsWith("the client (CPU at 90% of the 2 cores it may use),"
        + " converting BSON to COPY rows"));
    assertTrue(ImportBound.bound(usage(10, 6, new HostUsage(2, 0.99, true))).startsWith("this host's CPUs, which"
        + " client and server share (this host's 2 CPUs were 99% busy: the client took 30% of them"),
        ImportBound.bound(usage(10, 6, new HostUsage(2, 0.99, true))));
  }
}
