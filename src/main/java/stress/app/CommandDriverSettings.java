package stress.app;

import java.time.Duration;
import stress.config.Defaults;
import stress.config.Durations;
import stress.config.Timeouts;
import stress.connect.DriverSettings;
import stress.model.PreferQueryMode;

/** The driver settings the commands connect with: the defaults, or given timeouts in pgjdbc's whole seconds. */
final class CommandDriverSettings {
  private CommandDriverSettings() {}

  static DriverSettings defaults() {
    Timeouts t = new Timeouts(Durations.parse("--connect-timeout", Defaults.CONNECT_TIMEOUT),
        Durations.parse("--statement-timeout", Defaults.STATEMENT_TIMEOUT),
        Durations.parse("--socket-timeout", Defaults.SOCKET_TIMEOUT));
    return of(t, Integer.parseInt(Defaults.PREPARE_THRESHOLD), PreferQueryMode.fromDriverName(Defaults.QUERY_MODE));
  }

  static DriverSettings of(Timeouts t, int prepareThreshold, PreferQueryMode mode) {
    int connect = seconds(t.connect());
    return new DriverSettings(connect, seconds(t.socket()), connect, prepareThreshold, mode, null);
  }

  /** Whole seconds, rounded up, as pgjdbc takes them (a 500ms timeout must not become "none"). */
  private static int seconds(Duration d) {
    long ms = d.toMillis();
    return (int) Math.min(Integer.MAX_VALUE, (ms + 999) / 1000);
  }
}
