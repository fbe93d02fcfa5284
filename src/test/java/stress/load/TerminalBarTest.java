package stress.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/**
 * A finished bar draws nothing more: a redraw the library's timer thread hands over after the end (it may render on
 * two threads at once as it closes) is dropped, so nothing lands after the bar's line break. The late redraw is handed
 * over here directly, instead of waiting for the timer and hoping it fires.
 */
class TerminalBarTest {
  @Test
  void aRedrawAfterTheEndIsDropped() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    TerminalBar bar = new TerminalBar(out, 100, "init", "docs", 1, 10);
    bar.update(5, "half", OptionalDouble.empty());
    bar.consumer().accept("drawn while running");
    assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("drawn while running"), "a redraw while it runs shows");
    bar.finish(10, "done", true);
    String ended = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(ended.endsWith("\n"), ended);
    bar.consumer().accept("late redraw");
    bar.println("a line after the bar");
    assertEquals(ended + "a line after the bar\n", bytes.toString(StandardCharsets.UTF_8));
  }
}
