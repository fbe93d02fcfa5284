package stress.app;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Supplier;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.ResolvedConnection;
import stress.connect.TlsOptions;
import stress.connect.embedded.EmbeddedDatabase;

/**
 * The database a command works on: the one the user named (by URL, libpq options or environment), or an
 * embedded PostgreSQL started for this run when none was named, stopped on close.
 */
public final class Database implements AutoCloseable {
  private final ConnectionSpec spec;
  private final EmbeddedDatabase embedded;
  private final Supplier<List<ResolvedConnection>> eachHost;

  private Database(ConnectionSpec spec, EmbeddedDatabase embedded, Supplier<List<ResolvedConnection>> eachHost) {
    this.spec = spec;
    this.embedded = embedded;
    this.eachHost = eachHost;
  }

  /**
   * Resolves the connection, or starts the embedded server when nothing was given, and says which on
   * {@code out} (passwords never shown).
   */
  public static Database open(ConnectionOptions options, DriverSettings driver, ConnectionResolver resolver,
                              PrintStream out) {
    if (!resolver.connectionGiven(options)) {
      out.println("connection: none given (--url, -h/--host or PGHOST), so starting an embedded PostgreSQL"
          + " for this run; it is stopped at exit");
      EmbeddedDatabase embedded = EmbeddedDatabase.start();
      out.println("connection: embedded PostgreSQL on port " + embedded.port());
      ConnectionSpec spec = embedded.spec(driver);
      return new Database(spec, embedded, () -> List.of(new ResolvedConnection(spec, "none", List.of())));
    }
    ResolvedConnection resolved = resolver.resolve(options, driver);
    for (String warning : resolved.warnings()) {
      out.println("warning: " + warning);
    }
    out.println("connection: " + resolved.spec().url() + (resolved.spec().user() == null ? ""
        : " as " + resolved.spec().user()) + ", password: " + resolved.passwordSource());
    String tls = TlsOptions.summary(resolved.spec());
    out.println("connection: tls " + (tls.isEmpty() ? "sslmode not set (pgjdbc's default: prefer)" : tls));
    return new Database(resolved.spec(), null, () -> resolver.resolveEachHost(options, driver));
  }

  /**
   * One connection per host of {@link #spec()}, each with its own password lookup, for runs that spread their
   * workers over the hosts; a single-host connection gives a list of one.
   */
  public List<ResolvedConnection> eachHost() {
    return eachHost.get();
  }

  /** How to connect, with the driver settings applied and no session settings yet. */
  public ConnectionSpec spec() {
    return spec;
  }

  /** True when this is the embedded server started for this run (its tables start empty). */
  public boolean embedded() {
    return embedded != null;
  }

  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
    }
  }
}
