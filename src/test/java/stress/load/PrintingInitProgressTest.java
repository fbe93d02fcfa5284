package stress.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PrintingInitProgressTest {
  private static final long SECOND = 1_000_000_000L;

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  private final AtomicLong clock = new AtomicLong(100 * SECOND);

  @Test
  void printsAtMostOneLinePerIntervalAndAFinalLine() {
    PrintingInitProgress progress = new PrintingInitProgress(out, 1_000_000, clock::get, 2 * SECOND);
    progress.onProgress(10_000, 500_000, 0.5); // at start: too early
    clock.addAndGet(SECOND);
    progress.onProgress(150_000, 7_100_000, 1.0); // 1 s: too early
    clock.addAndGet(SECOND);
    progress.onProgress(300_000, 14_200_000, 2.0); // 2 s: printed
    clock.addAndGet(SECOND);
    progress.onProgress(450_000, 21_300_000, 3.0); // 1 s after the last line: too early
    clock.addAndGet(SECOND);
    progress.onProgress(600_000, 28_400_000, 4.0); // printed
    progress.onComplete(1_000_000, 47_340_000, 6.7);
    assertEquals("""
        init: 300000/1000000 docs (30.0%), 14.2 MB, 150000 docs/s
        init: 600000/1000000 docs (60.0%), 28.4 MB, 150000 docs/s
        init: done, 1000000 docs, 47.3 MB in 6.7 s, 149254 docs/s
        """, bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void emptyDataSetsAndZeroTimeDoNotDivideByZero() {
    PrintingInitProgress progress = new PrintingInitProgress(out, 0, clock::get, 0);
    progress.onProgress(0, 0, 0);
    progress.onComplete(0, 0, 0);
    assertEquals("""
        init: done, 0 docs, 0.0 MB in 0.0 s, 0 docs/s
        """, bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void noLineBeforeTheFirstBatchLands() {
    PrintingInitProgress progress = new PrintingInitProgress(out, 100_000, clock::get, 2 * SECOND);
    for (int i = 0; i < 3; i++) {
      clock.addAndGet(2 * SECOND);
      progress.onProgress(0, 0, 2.0 * (i + 1)); // the streams are still filling their first batch
    }
    assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    clock.addAndGet(2 * SECOND);
    progress.onProgress(10_000, 500_000, 8.0);
    assertEquals("init: 10000/100000 docs (10.0%), 0.5 MB, 1250 docs/s\n", bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aBatchSlowerThanTheIntervalDoesNotRepeatTheLastLine() {
    PrintingInitProgress progress = new PrintingInitProgress(out, 100_000, clock::get, 2 * SECOND);
    clock.addAndGet(2 * SECOND);
    progress.onProgress(50_000, 3_400_000, 2.0);
    clock.addAndGet(2 * SECOND);
    progress.onProgress(50_000, 3_400_000, 4.0); // the second half still loading: the same count
    clock.addAndGet(2 * SECOND);
    progress.onProgress(50_000, 3_400_000, 6.0);
    progress.onComplete(100_000, 6_800_000, 7.0);
    assertEquals("""
        init: 50000/100000 docs (50.0%), 3.4 MB, 25000 docs/s
        init: done, 100000 docs, 6.8 MB in 7.0 s, 14286 docs/s
        """, bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theBarDrawsToAnyStreamAndEndsAtTheTotalBeforeTheDoneLine() {
    PrintingInitProgress progress = PrintingInitProgress.withBar(out, 1_000_000, 150);
    progress.onProgress(300_000, 14_200_000, 2.0);
    progress.onComplete(1_000_000, 47_340_000, 6.7);
    progress.close(); // after onComplete: nothing more
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("\rinit ") && text.indexOf('\n') < text.length() - 1, text);
    String finalBar = text.substring(text.lastIndexOf("\rinit ") + 1, text.lastIndexOf('\n', text.length() - 2));
    assertTrue(finalBar.startsWith("init 100% |"), finalBar);
    assertTrue(finalBar.contains("1000000/1000000 docs"), finalBar);
    assertTrue(finalBar.contains("47.3 MB, 149254 docs/s"), finalBar);
    assertTrue(text.endsWith("\ninit: done, 1000000 docs, 47.3 MB in 6.7 s, 149254 docs/s\n"), text);
  }

  @Test
  void closingABarThatDidNotCompleteEndsItsLineWhereItStood() {
    PrintingInitProgress progress = PrintingInitProgress.withBar(out, 1_000_000, 150);
    progress.onProgress(300_000, 14_200_000, 2.0);
    progress.close();
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(text.endsWith("\n"), text);
    String finalBar = text.substring(text.lastIndexOf("\rinit ") + 1, text.length() - 1);
    assertTrue(finalBar.startsWith("init  30% |"), finalBar);
    assertTrue(finalBar.contains("300000/1000000 docs"), finalBar);
    assertFalse(text.contains("done"), text);
  }

  @Test
  void aNegativeBarWidthIsRefused() {
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> PrintingInitProgress.withBar(out, 10, -1));
    assertEquals("progress bar width must be 0 (the terminal's) or more, got -1", e.getMessage());
  }
}
