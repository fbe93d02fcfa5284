package stress.mongodb;

import java.time.Duration;

/**
 * How long MongoDB's driver waits, so that a server that stops or freezes fails calls instead of holding them. The
 * driver reads without a time limit by default and {@code maxTimeMS} is the server's own: a frozen server would block
 * every call for ever. A URL's own {@code connectTimeoutMS}, {@code socketTimeoutMS} and
 * {@code serverSelectionTimeoutMS} win over these.
 *
 * @param connect   connecting, and the first contact
 * @param read      the longest wait for an answer on a connection; zero for none
 * @param why       where {@code read} comes from, for the header, e.g. {@code --statement-timeout + 1 s}
 * @param selection the longest a call waits for a server to send it to (server selection): a server known to be down
 *                  fails the call after it
 */
public record MongoTimeouts(Duration connect, Duration read, String why, Duration selection) {
  /** The driver's own connect timeout, and a server selection of the same length instead of its 30 s. */
  static final Duration DEFAULT_CONNECT = Duration.ofSeconds(10);
  /** After the server's {@code maxTimeMS}, so that its own answer to a statement past it comes first. */
  static final Duration READ_MARGIN = Duration.ofSeconds(1);
  /** The read timeout of a run whose {@code --statement-timeout} is 0 (no server-side limit). */
  static final Duration READ_WITHOUT_STATEMENT_TIMEOUT = Duration.ofSeconds(10);
  /**
   * A run's server selection: a server that went down fails each call within a second, as a refused PostgreSQL
   * connection does (then the worker backs off), instead of holding it for the connect timeout, which a phase of a few
   * seconds would end without one failure counted.
   */
  static final Duration RUN_SELECTION = Duration.ofSeconds(1);

  /** Commands without a statement timeout of their own (import, index): connecting bounded, reads as long as needed. */
  public static final MongoTimeouts DEFAULT = new MongoTimeouts(DEFAULT_CONNECT, Duration.ZERO, "none",
      DEFAULT_CONNECT);

  public MongoTimeouts {
    if (connect.isZero() || connect.isNegative() || read.isNegative() || selection.isNegative()) {
      throw new IllegalArgumentException("MongoDB timeouts: connect " + connect + ", read " + read + ", selection "
          + selection);
    }
  }

  /**
   * A run's: reads end one second after the statement timeout (the server's {@code maxTimeMS}), or after 10 s when it
   * is 0; a call waits at most 1 s (or the connect timeout, when shorter) for a server to send it to.
   *
   * @param connect   {@code --connect-timeout}
   * @param statement {@code --statement-timeout}, zero for none
   */
  public static MongoTimeouts of(Duration connect, Duration statement) {
    Duration selection = connect.compareTo(RUN_SELECTION) < 0 ? connect : RUN_SELECTION;
    if (statement.isZero()) {
      return new MongoTimeouts(connect, READ_WITHOUT_STATEMENT_TIMEOUT, "--statement-timeout is 0, so a default",
          selection);
    }
    return new MongoTimeouts(connect, statement.plus(READ_MARGIN), "--statement-timeout + 1 s", selection);
  }

  /** These timeouts with the URL's own where it sets them ({@code null}: not set). */
  MongoTimeouts withUrl(Integer connectMs, Integer socketMs, Integer selectionMs) {
    return new MongoTimeouts(connectMs == null || connectMs == 0 ? connect : Duration.ofMillis(connectMs),
        socketMs == null ? read : Duration.ofMillis(socketMs), socketMs == null ? why : "socketTimeoutMS of the URL",
        selectionMs == null ? selection : Duration.ofMillis(selectionMs));
  }

  /** E.g. {@code connect 10 s, read 31 s (--statement-timeout + 1 s), a server to send to within 1 s}. */
  public String describe() {
    return "connect " + seconds(connect) + ", read " + (read.isZero() ? "no limit" : seconds(read) + " (" + why + ")")
        + ", a server to send to within " + seconds(selection);
  }

  /** {@code 1 s}, {@code 1.5 s}, {@code 250 ms}. */
  static String seconds(Duration d) {
    long ms = d.toMillis();
    if (ms < 1000) {
      return ms + " ms";
    }
    return (ms % 1000 == 0 ? Long.toString(ms / 1000) : Double.toString(ms / 1000.0)) + " s";
  }
}
