package stress.app.setup;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.connect.NativeCrypto;
import stress.connect.ResolvedConnection;
import stress.connect.TlsOptions;
import stress.connect.embedded.EmbeddedDatabase;
import stress.connect.embedded.KeptEmbeddedServer;

/**
 * The database a command works on: the one the user named (by URL, libpq options or environment); when none was
 * named, the kept embedded PostgreSQL if it runs ({@code stress embedded start}), else an embedded PostgreSQL
 * started for this run and stopped on close.
 */
public final class ChosenDatabase implements AutoCloseable {
  /** Which server a command without a connection got. */
  public enum Embedded {
    /** The user named a server. */
    NONE,
    /** Started for this command, its tables empty, stopped when the command ends. */
    FOR_THIS_COMMAND,
    /** The kept embedded server: its tables stay between commands. */
    KEPT
  }

  private final ConnectionSpec spec;
  private final EmbeddedDatabase started;
  private final Embedded embedded;
  private final Supplier<List<ResolvedConnection>> eachHost;

  private ChosenDatabase(ConnectionSpec spec, EmbeddedDatabase started, Embedded embedded,
                   Supplier<List<ResolvedConnection>> eachHost) {
    this.spec = spec;
    this.started = started;
    this.embedded = embedded;
    this.eachHost = eachHost;
  }

  /**
   * Resolves the connection, or starts the embedded server when nothing was given, and says which on
   * {@code out} (passwords never shown).
   */
  public static ChosenDatabase open(ConnectionOptions options, DriverSettings driver, ConnectionResolver resolver,
                              PrintStream out) {
    if (!resolver.connectionGiven(options)) {
      KeptEmbeddedServer keptServer = KeptEmbeddedServer.atDefaultDirectory();
      Optional<KeptEmbeddedServer.Running> kept = keptServer.running();
      if (kept.isPresent()) {
        out.println("connection: none given (--url, -h/--host or PGHOST), so using the kept embedded PostgreSQL on"
            + " port " + kept.get().port() + " (data in " + keptServer.dataDirectory()
            + "; 'stress embedded stop' stops it)");
        ConnectionSpec spec = kept.get().spec(driver);
        return new ChosenDatabase(spec, null, Embedded.KEPT,
            () -> List.of(new ResolvedConnection(spec, "none", List.of())));
      }
      out.println("connection: none given (--url, -h/--host or PGHOST), so starting an embedded PostgreSQL"
          + " for this run; it is stopped at exit ('stress embedded start' keeps one, with its data, between"
          + " commands)");
      EmbeddedDatabase embedded = EmbeddedDatabase.start();
      out.println("connection: embedded PostgreSQL on port " + embedded.port());
      ConnectionSpec spec = embedded.spec(driver);
      return new ChosenDatabase(spec, embedded, Embedded.FOR_THIS_COMMAND,
          () -> List.of(new ResolvedConnection(spec, "none", List.of())));
    }
    ResolvedConnection resolved = resolver.resolve(options, driver);
    for (String warning : resolved.warnings()) {
      out.println("warning: " + warning);
    }
    out.println("connection: " + resolved.spec().url() + (resolved.spec().user() == null ? ""
        : " as " + resolved.spec().user()) + ", password: " + resolved.passwordSource());
    String tls = TlsOptions.summary(resolved.spec());
    boolean plain = "disable".equals(TlsOptions.describe(resolved.spec()).get("sslmode"));
    out.println("connection: tls " + (tls.isEmpty() ? "sslmode not set (pgjdbc's default: prefer)" : tls)
        + (plain ? "" : "; ciphers: " + NativeCrypto.install()));
    return new ChosenDatabase(resolved.spec(), null, Embedded.NONE, () -> resolver.resolveEachHost(options, driver));
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

  /** Which embedded server this is, if any. */
  public Embedded embedded() {
    return embedded;
  }

  @Override
  public void close() {
    if (started != null) {
      started.close();
    }
  }
}
