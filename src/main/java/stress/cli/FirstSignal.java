package stress.cli;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Which stopping signal (SIGINT, SIGTERM, SIGHUP) reached this JVM first. A shutdown hook cannot tell, and the
 * launching JVM of a {@link Relauncher} run needs to: it passes any signal on to its child as a SIGTERM, and a
 * Ctrl-C must still end the run with 130, not the child's 143. Each signal is then handled as before (the JVM
 * shuts down with 128 + its number); a signal this JVM ignores (SIGINT of a background job) stays ignored.
 */
final class FirstSignal {
  private static final List<String> STOPPING = List.of("INT", "TERM", "HUP");

  private final AtomicReference<Signal> first = new AtomicReference<>();

  private FirstSignal() {}

  /** Starts watching; a JVM that does not let a signal be handled (e.g. {@code -Xrs}) is not watched for it. */
  static FirstSignal watch() {
    FirstSignal watch = new FirstSignal();
    for (String name : STOPPING) {
      watch.watch(name);
    }
    return watch;
  }

  private void watch(String name) {
    try {
      Signal signal = new Signal(name);
      SignalHandler[] previous = new SignalHandler[1];
      previous[0] = Signal.handle(signal, s -> {
        first.compareAndSet(null, s);
        SignalHandler then = previous[0];
        if (then == null || then == SignalHandler.SIG_DFL || then == SignalHandler.SIG_IGN) {
          System.exit(128 + s.getNumber());
        } else {
          then.handle(s);
        }
      });
      if ("SIG_IGN".equals(String.valueOf(previous[0]))) {
        Signal.handle(signal, previous[0]); // ignored when this JVM started: leave it so
      }
    } catch (IllegalArgumentException | UnsupportedOperationException notHandled) {
      // the JVM keeps this signal to itself (-Xrs) or the platform lacks it: nothing to record
    }
  }

  /** The number of the first stopping signal that arrived, if any did. */
  Optional<Integer> number() {
    return Optional.ofNullable(first.get()).map(Signal::getNumber);
  }

  /**
   * The exit code of a launching JVM whose child ended with {@code childCode}: 128 + the signal this JVM got when the
   * child stopped on the SIGTERM it was passed, so that a Ctrl-C is 130 whichever process it reached; otherwise the
   * child's own code (its run ended first, or it was stopped some other way).
   */
  static int exitCode(int childCode, Optional<Integer> signal) {
    return signal.isPresent() && childCode == 128 + TERM ? 128 + signal.get() : childCode;
  }

  /** SIGTERM's number, which {@link Process#destroy()} sends on every Unix. */
  static final int TERM = 15;
}
