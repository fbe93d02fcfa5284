package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IntervalSlotTest {
  private static final long HIGHEST = TimeUnit.HOURS.toNanos(1);

  @Test
  void aSlotGivesTheLatenciesItWasGivenBelowAndAboveTheNumberItKeepsOneByOne() {
    for (int count : new int[] {0, 1, IntervalSlot.LATENCIES_KEPT - 1, IntervalSlot.LATENCIES_KEPT,
        IntervalSlot.LATENCIES_KEPT + 1, 3 * IntervalSlot.LATENCIES_KEPT}) {
      IntervalSlot slot = new IntervalSlot(0, 2, HIGHEST);
      Histogram expected = histogram();
      record(slot, expected, count, count);
      Histogram merged = histogram();
      slot.addSuccessesTo(1, merged);
      assertEquals(expected, merged, count + " latencies");
      assertEquals(count, merged.getTotalCount());
      Histogram other = histogram();
      slot.addSuccessesTo(0, other);
      assertEquals(0, other.getTotalCount(), "the other operation got nothing");
    }
  }

  @Test
  void aResetSlotStartsEmptyWhicheverWayItKeptItsLatencies() {
    IntervalSlot slot = new IntervalSlot(0, 1, HIGHEST);
    for (int count : new int[] {3 * IntervalSlot.LATENCIES_KEPT, 5, IntervalSlot.LATENCIES_KEPT + 7, 0, 9}) {
      slot.reset();
      Histogram expected = histogram();
      record(slot, expected, count, count + 1);
      Histogram merged = histogram();
      slot.addSuccessesTo(0, merged);
      assertEquals(expected, merged, count + " latencies after a reset");
    }
  }

  @Test
  void theIntervalBeingClosedAddsUpTheWorkersSlots() {
    IntervalSlot closing = new IntervalSlot(-1, 1, HIGHEST);
    Histogram expected = histogram();
    for (int worker = 0; worker < 10; worker++) {
      IntervalSlot slot = new IntervalSlot(worker, 1, HIGHEST);
      record(slot, expected, worker * 700, worker);
      closing.add(slot);
    }
    assertEquals(expected, closing.successes[0]);
    assertEquals(expected.getValueAtPercentile(99.9), closing.successes[0].getValueAtPercentile(99.9));
  }

  /** Records {@code count} latencies from 1 ns to an hour (most around a millisecond) in op 0 or 1 of the slot. */
  private static void record(IntervalSlot slot, Histogram expected, int count, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int op = slot.successes.length - 1;
    for (int i = 0; i < count; i++) {
      long latency = switch (i % 50) {
        case 0 -> 1;
        case 1 -> HIGHEST;
        case 2 -> random.nextLong(1, HIGHEST + 1);
        default -> random.nextLong(50_000, 3_000_000);
      };
      slot.recordSuccess(op, latency);
      expected.recordValue(latency);
    }
  }

  private static Histogram histogram() {
    return new Histogram(1, HIGHEST, PhaseRecorder.SIGNIFICANT_DIGITS);
  }
}
