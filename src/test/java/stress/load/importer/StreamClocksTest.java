package stress.load.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import stress.load.importer.progress.LoadStreamTime;

/** The load streams' clocks: from each stream's first batch to its end, and the waits for the client in between. */
class StreamClocksTest {
  private static final long MS = 1_000_000;

  @Test
  void aStreamCountsFromItsFirstBatchAndItsWaitsForTheNextOnes() {
    StreamClocks clocks = new StreamClocks();
    StreamClocks.Clock one = clocks.clock();
    one.took(0, 500 * MS); // the set-up before the first batch is not loading time
    one.took(900 * MS, 1_000 * MS); // waited 100 ms for the second batch
    one.took(1_500 * MS, 1_800 * MS); // and 300 ms for the end marker
    one.end(2_500 * MS);
    StreamClocks.Clock idle = clocks.clock();
    idle.took(0, 2_000 * MS); // took only the end marker: never loaded
    idle.end(2_000 * MS);
    LoadStreamTime total = clocks.total();
    assertEquals(2.0, total.seconds(), 1e-9);
    assertEquals(0.4, total.waitingSeconds(), 1e-9);
    assertEquals(0.2, total.waitingShare(), 1e-9);
  }

  @Test
  void nothingLoadedIsNoWaiting() {
    assertEquals(0, LoadStreamTime.NONE.waitingShare());
    assertEquals(1, new LoadStreamTime(1, 2).waitingShare(), "never more than all of it");
  }
}
