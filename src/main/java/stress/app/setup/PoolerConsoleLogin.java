package stress.app.setup;

import java.io.PrintStream;
import stress.config.RunConfig;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.ResolvedConnection;
import stress.model.PreferQueryMode;
import stress.model.UsageException;

/**
 * {@code --pooler-console URL}: PgBouncer's admin console with a login of its own, resolved as {@code --url} is (the
 * user from the URL, else PGUSER or the OS user; the password from the URL, PGPASSWORD or the password file), its
 * source said in one line and the password never shown.
 */
public final class PoolerConsoleLogin {
  private PoolerConsoleLogin() {}

  /** The console's login, or null when the run reads the console with its own. */
  public static ConnectionSpec resolve(RunConfig config, PrintStream out) {
    if (config.poolerConsole() == null) {
      return null;
    }
    ResolvedConnection resolved;
    try {
      int connect = config.timeouts().connect() == null ? DriverSettings.PGJDBC_DEFAULT_CONNECT_TIMEOUT_SECONDS
          : (int) Math.max(1, config.timeouts().connect().toSeconds());
      resolved = ConnectionResolver.fromSystem().resolve(ConnectionOptions.ofUrl(config.poolerConsole()),
          new DriverSettings(connect, connect, connect, 0, PreferQueryMode.SIMPLE, null));
    } catch (IllegalArgumentException e) { // UsageException included: the URL's own problem, said for this option
      throw new UsageException("--pooler-console: " + e.getMessage().replace("--url ", "the URL "));
    }
    out.println("pooler console: " + resolved.spec().url() + " as " + resolved.spec().user() + ", password: "
        + resolved.passwordSource());
    return resolved.spec();
  }
}
