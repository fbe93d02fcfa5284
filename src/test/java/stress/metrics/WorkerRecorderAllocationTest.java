package stress.metrics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorkerRecorderAllocationTest {
  private static final int CALLS = 1_000_000;
  /** Room for the measurement itself; one allocation per call would be at least 16 MB. */
  private static final long SLACK_BYTES = 16 * 1024;

  @Test
  void recordingASuccessAllocatesNothing() {
    var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assertTrue(threads.isThreadAllocatedMemorySupported(), "this JVM cannot measure allocation per thread");
    threads.setThreadAllocatedMemoryEnabled(true);
    PhaseRecorder phase = new PhaseRecorder(List.of("find_first", "find_update"), 1, TimeUnit.HOURS.toNanos(1));
    WorkerRecorder worker = phase.worker(0);
    long thread = Thread.currentThread().getId();

    record(worker); // let the JIT compile the path first
    phase.takeInterval(0, 1, 1);
    long before = threads.getThreadAllocatedBytes(thread);
    record(worker);
    worker.reconnect();
    long allocated = threads.getThreadAllocatedBytes(thread) - before;

    assertTrue(allocated < SLACK_BYTES, CALLS + " successes allocated " + allocated + " bytes");
  }

  private static void record(WorkerRecorder worker) {
    for (int i = 0; i < CALLS; i++) {
      worker.success(i & 1, 1_000 + (i % 50_000) * 997L, i & 3);
    }
  }
}
