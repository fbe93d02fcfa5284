package stress.connect.eventloop;

import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import stress.model.UsageException;

/**
 * TLS for the event-loop client as pgjdbc uses it for the same URL and properties, so that both clients measure the
 * same connection: {@code sslmode} (pgjdbc's default {@code prefer}; {@code ssl=true} alone means verify-full), the
 * server's certificate not verified under allow, prefer and require, verified against {@code sslrootcert} (default
 * {@code ~/.postgresql/root.crt}, PEM) under verify-ca and verify-full, the host name too under verify-full. Client
 * certificates ({@code sslcert}, {@code sslkey}) and a custom {@code sslfactory} are refused, not dropped.
 */
final class EventLoopTls {
  /** The protocol's SSLRequest code (1234 in the high 16 bits, 5679 in the low). */
  private static final int SSL_REQUEST_CODE = 80877103;

  private EventLoopTls() {}

  /** Sets {@code options}' TLS from pgjdbc's parsed URL and properties. */
  static void apply(Properties url, PgConnectOptions options) {
    for (String property : new String[] {"sslcert", "sslkey", "sslfactory", "sslpassword"}) {
      if (url.getProperty(property) != null) {
        throw new UsageException("--event-loops does not present client certificates or use an sslfactory yet, and"
            + " the connection sets " + property + "; run without --event-loops");
      }
    }
    String given = url.getProperty("sslmode");
    boolean ssl = Boolean.parseBoolean(url.getProperty("ssl", "false"));
    String mode = given != null ? given.toLowerCase(Locale.ROOT) : ssl ? "verify-full" : "prefer";
    switch (mode) {
      case "disable" -> options.setSslMode(SslMode.DISABLE);
      case "allow", "prefer", "require" -> options.setSslMode(SslMode.of(mode)).setTrustAll(true);
      case "verify-ca", "verify-full" -> {
        Path root = rootCertificate(url.getProperty("sslrootcert"), mode);
        options.setSslMode(SslMode.of(mode)).setPemTrustOptions(new PemTrustOptions().addCertPath(root.toString()));
        if (mode.equals("verify-full")) {
          options.setHostnameVerificationAlgorithm("HTTPS");
        }
      }
      default -> throw new UsageException("sslmode '" + given + "' is not one of disable, allow, prefer, require,"
          + " verify-ca, verify-full");
    }
  }

  /**
   * Settles {@code sslmode=prefer} once, as each of pgjdbc's connections does: one TLS request to the server
   * ({@code SSLRequest}, its one-byte answer, then close), and TLS ({@code require}) if it offers it, none
   * ({@code disable}) if not. vertx-pg-client's own prefer leaves the socket of its refused TLS attempt open when the
   * server says no: a backend then waits up to authentication_timeout for a startup packet, and while a server shuts
   * down such waiting backends hold its shutdown up, for as long as reconnecting clients keep making new ones. Where
   * the server cannot be reached, vertx-pg-client's prefer is left as it is: the connection's own opening fails then.
   */
  static void settlePrefer(PgConnectOptions options) {
    if (options.getSslMode() != SslMode.PREFER) {
      return;
    }
    try {
      options.setSslMode(offersTls(options.getHost(), options.getPort(), options.getConnectTimeout())
          ? SslMode.REQUIRE : SslMode.DISABLE);
    } catch (IOException unreachable) {
      // the opening that follows fails on its own, with its own message
    }
  }

  /** Whether the server answers PostgreSQL's TLS request with yes ('S') rather than no ('N'). */
  static boolean offersTls(String host, int port, int timeoutMillis) throws IOException {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(host, port), timeoutMillis);
      socket.setSoTimeout(timeoutMillis);
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      out.writeInt(8);
      out.writeInt(SSL_REQUEST_CODE);
      out.flush();
      int answer = socket.getInputStream().read();
      if (answer == 'S' || answer == 'N') {
        return answer == 'S';
      }
      throw new IOException("the server answered the TLS request with " + (answer < 0 ? "nothing" : "byte " + answer));
    }
  }

  private static Path rootCertificate(String given, String mode) {
    Path root = given != null ? Path.of(given)
        : Path.of(System.getProperty("user.home"), ".postgresql", "root.crt");
    if (!Files.isReadable(root)) {
      throw new UsageException("sslmode=" + mode + " verifies the server against a root certificate, and "
          + (given != null ? "sslrootcert " + root + " cannot be read" : "none is given (sslrootcert) nor at " + root));
    }
    return root;
  }
}
