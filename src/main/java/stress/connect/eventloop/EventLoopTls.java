package stress.connect.eventloop;

import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
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
