package stress.app.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class GenerateProgressTest {

  @Test
  void printsAtMostOncePerIntervalAndLeavesTheEndToTheJob() {
    AtomicLong now = new AtomicLong(0);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    GenerateProgress progress = new GenerateProgress(out, 1000, now::get, 2_000_000_000L);
    now.set(1_000_000_000L);
    progress.onProgress(100, 4_300);
    now.set(2_000_000_000L);
    progress.onProgress(200, 8_600_000);
    now.set(3_000_000_000L);
    progress.onProgress(300, 12_900_000);
    now.set(4_500_000_000L);
    progress.onProgress(1000, 43_000_000);
    assertEquals("generate: 200/1000 docs (20.0%), 8.6 MB BSON, 100 docs/s\n",
        bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    assertEquals(4.5, progress.seconds(), 1e-9);
  }
}
