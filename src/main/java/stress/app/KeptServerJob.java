package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import stress.app.process.ExitCode;
import stress.connect.embedded.KeptEmbeddedServer;
import stress.connect.embedded.KeptEmbeddedServer.Running;
import stress.model.UsageException;

/** {@code stress embedded start|status|stop|reset}: the kept embedded server's life, one line per answer. */
public final class KeptServerJob {
  private final KeptEmbeddedServer server;
  private final PrintStream out;

  public KeptServerJob(KeptEmbeddedServer server, PrintStream out) {
    this.server = server;
    this.out = out;
  }

  /** The kept server at its default directory ({@link KeptEmbeddedServer#atDefaultDirectory()}). */
  public static KeptServerJob atDefaultDirectory(PrintStream out) {
    return new KeptServerJob(KeptEmbeddedServer.atDefaultDirectory(), out);
  }

  /** Starts it unless it runs, on a free port; either way says where it is. */
  public ExitCode start() {
    return start(null);
  }

  /**
   * Starts it unless it runs, on {@code port} (null: a free one); either way says where it is. A server running on
   * another port than the one asked for is refused: it is not moved while commands may be using it.
   */
  public ExitCode start(Integer port) {
    return start(port, null);
  }

  /**
   * As {@link #start(Integer)}, loading {@code preload} ({@code shared_preload_libraries}; null: as the last start
   * left it, {@code none}: no library) at this start and the later ones. A server running without it is refused, as
   * a library is loaded only when the server starts.
   */
  public ExitCode start(Integer port, String preload) {
    if (port != null && (port < 1 || port > 65535)) {
      throw new UsageException("--port must be between 1 and 65535, got " + port);
    }
    String libraries = preload == null ? null : ServerPreload.libraries(preload);
    Optional<Running> already = server.running();
    if (already.isPresent()) {
      if (port != null && already.get().port() != port) {
        out.println("embedded: already running on port " + already.get().port() + ", not " + port
            + "; 'stress embedded stop' first to start it on port " + port);
        return ExitCode.FAILURE;
      }
      String loaded = libraries == null ? null : ServerPreload.loaded(already.get().port());
      if (libraries != null && !libraries.equals(loaded)) {
        out.println("embedded: already running on port " + already.get().port() + ", loading '" + loaded + "', not '"
            + libraries + "'; a library loads when the server starts: 'stress embedded stop' first");
        return ExitCode.FAILURE;
      }
      out.println("embedded: already running on port " + already.get().port() + " (" + where() + ")");
      return ExitCode.OK;
    }
    boolean fresh = !Files.exists(server.dataDirectory());
    out.println("embedded: starting " + (fresh ? "a new" : "the kept") + " PostgreSQL, data in "
        + server.dataDirectory() + (port == null ? "" : ", on port " + port));
    Running running = server.start(libraries == null ? Map.of() : ServerPreload.atStart(libraries), port);
    if (libraries != null) {
      out.println("embedded: " + ServerPreload.keep(running.port(), libraries));
    }
    out.println("embedded: running on port " + running.port() + " (" + url(running) + "); commands given no"
        + " connection use it until 'stress embedded stop'");
    return ExitCode.OK;
  }

  /**
   * Whether it runs, its port and URL, and the size of its data; the exit code answers as {@code pg_ctl status}
   * does: 0 when it runs, {@link ExitCode#NOT_RUNNING} (3) when it does not, so scripts can test it.
   */
  public ExitCode status() {
    Optional<Running> running = server.running();
    if (running.isPresent()) {
      out.println("embedded: running on port " + running.get().port() + ", process " + running.get().process().pid()
          + " (" + url(running.get()) + "); " + where());
      return ExitCode.OK;
    }
    if (Files.exists(server.dataDirectory())) {
      out.println("embedded: not running; " + where() + " ('stress embedded start' starts it)");
    } else {
      out.println("embedded: not running and no data in " + server.directory()
          + " ('stress embedded start' creates it)");
    }
    return ExitCode.NOT_RUNNING;
  }

  /** Stops it; the data stays. */
  public ExitCode stop() {
    out.println(server.stop() ? "embedded: stopped; " + where() + " ('stress embedded reset' deletes it)"
        : "embedded: not running");
    return ExitCode.OK;
  }

  /** Stops it and deletes its data. */
  public ExitCode reset() {
    boolean running = server.running().isPresent();
    long bytes = size(server.dataDirectory());
    boolean hadData = server.reset();
    out.println(hadData ? "embedded: " + (running ? "stopped, and " : "") + "deleted its data (" + megabytes(bytes)
        + " in " + server.dataDirectory() + ")" : "embedded: no data in " + server.directory() + ", nothing to delete");
    return ExitCode.OK;
  }

  private String where() {
    return "data in " + server.dataDirectory() + ", " + megabytes(size(server.dataDirectory()));
  }

  private static String url(Running running) {
    return "jdbc:postgresql://localhost:" + running.port() + "/postgres, user postgres";
  }

  private static String megabytes(long bytes) {
    return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  private static long size(Path root) {
    if (!Files.exists(root)) {
      return 0;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).mapToLong(p -> {
        try {
          return Files.size(p);
        } catch (IOException gone) {
          return 0; // a file the server removed while we counted
        }
      }).sum();
    } catch (IOException | java.io.UncheckedIOException e) {
      return 0;
    }
  }
}
