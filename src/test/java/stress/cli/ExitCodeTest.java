package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import org.junit.jupiter.api.Test;
import stress.app.ExitCode;
import stress.model.UsageException;

/** Exit codes come from one table, and only bad input is a usage error. */
class ExitCodeTest {

  @Test
  void theCodesAreTheDocumentedOnesAndDistinct() {
    assertEquals(0, ExitCode.OK.code());
    assertEquals(1, ExitCode.FAILURE.code());
    assertEquals(2, ExitCode.USAGE.code());
    assertEquals(3, ExitCode.REJECTED.code());
    assertEquals(130, ExitCode.INTERRUPTED.code());
    // 'embedded status' answers as pg_ctl status does; no other command returns it, so it may share import's 3
    assertEquals(3, ExitCode.NOT_RUNNING.code());
    assertEquals(ExitCode.values().length - 1, new HashSet<>(Arrays.stream(ExitCode.values())
        .filter(c -> c != ExitCode.NOT_RUNNING).map(ExitCode::code).toList()).size());
  }

  @Test
  void onlyBadInputIsAUsageError() {
    assertEquals(ExitCode.USAGE, Cli.exitCodeOf(new UsageException("--threads must be at least 1, got 0")));
    assertEquals(ExitCode.FAILURE, Cli.exitCodeOf(new IllegalArgumentException("worker index must be between 0 and 1")),
        "an internal contract violation is not the user's mistake");
    assertEquals(ExitCode.FAILURE, Cli.exitCodeOf(new IllegalStateException("closed")));
  }
}
