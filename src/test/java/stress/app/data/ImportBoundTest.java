package stress.app.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import stress.load.importer.progress.LoadStreamTime;
import stress.metrics.ClientUsage;
import stress.metrics.HostUsage;

/** The import summary's last lines: the client's CPU per MB beside the load's MB/s, and what bounded the load. */
class ImportBoundTest {
  private static ClientUsage usage(double seconds, double cpuSeconds, HostUsage host) {
    return ClientUsage.of(seconds, 2, cpuSeconds, null, null, 150_000, 0, 0, null, 0, 1, host);
  }

  @Test
  void aClientThatHadCpuToSpareLeavesTheServerAsTheBound() {
    String lines = ImportBound.lines(usage(10, 4, new HostUsage(2, 0.5, true)), 464_170_000L, 10.0,
        new LoadStreamTime(9, 0.2));
    assertEquals("client: CPU 4.0 s = 20% of 2 cores, 8.6 ms per MB of BSON; the load: 46.4 MB/s of BSON (the total"
        + " row's MB over its seconds)\n"
        + "bounded by: the server, or the network to it: the client used 20% of its cores (this host's CPUs were 50%"
        + " busy)", lines);
  }

  @Test
  void loadStreamsWaitingForConvertedRowsAreSaidAndMostOfTheTimeNameTheClient() {
    HostUsage host = new HostUsage(2, 0.76, true);
    assertEquals("the server, or the network to it: the client used 35% of its cores (this host's CPUs were 76% busy);"
        + " the load streams waited for converted rows 18% of their time",
        ImportBound.bound(usage(10, 7, host), new LoadStreamTime(6.7, 1.2).waitingShare()));
    assertEquals("the server, or the network to it: the client used 35% of its cores (this host's CPUs were 76% busy)",
        ImportBound.bound(usage(10, 7, host), 0.04), "a small share is left unsaid");
    assertEquals("the client: the load streams waited for converted rows 60% of their time (its CPU at 35% of its"
        + " cores), converting BSON to COPY rows: more --jobs spread one collection over more cores, if the client"
        + " has them", ImportBound.bound(usage(10, 7, host), 0.6));
  }

  @Test
  void aBusyClientOrABusySharedHostIsNamed() {
    assertTrue(ImportBound.bound(usage(10, 18, null), 0).startsWith("the client (CPU at 90% of the 2 cores it may use),"
        + " converting BSON to COPY rows"));
    assertTrue(ImportBound.bound(usage(10, 6, new HostUsage(2, 0.99, true)), 0).startsWith("this host's CPUs, which"
        + " client and server share (this host's 2 CPUs were 99% busy: the client took 30% of them"),
        ImportBound.bound(usage(10, 6, new HostUsage(2, 0.99, true)), 0));
  }
}
