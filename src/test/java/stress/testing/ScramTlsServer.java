package stress.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * An embedded PostgreSQL set up as production runs it: {@code password_encryption = scram-sha-256}, {@code ssl = on}
 * with a certificate for IP:127.0.0.1 and DNS:localhost (its own root, {@link TestCertificates}), and a pg_hba.conf
 * holding only {@code hostssl ... scram-sha-256} lines. The roles and their passwords are made first, on a start with
 * initdb's trust logins; the server then starts again on the same data directory with that file, so no login
 * without TLS and a password is left. One login role, {@link #USER}, owns the database {@link #DATABASE}.
 */
public final class ScramTlsServer implements AutoCloseable {
  /** The login role, not a superuser, as an application's role is. */
  public static final String USER = "stress_login";
  /** The database {@link #USER} owns. */
  public static final String DATABASE = "stress_login";

  private final Path dir;
  private final EmbeddedPostgres server;
  private final Path rootCertificate;
  private final String password;

  private ScramTlsServer(Path dir, EmbeddedPostgres server, Path rootCertificate, String password) {
    this.dir = dir;
    this.server = server;
    this.rootCertificate = rootCertificate;
    this.password = password;
  }

  /** Starts the server with its files (data directory, certificate, key, pg_hba.conf) under a new directory. */
  public static ScramTlsServer start() throws Exception {
    Path dir = Files.createTempDirectory("scram-tls");
    Path data = dir.resolve("data");
    // random per start, with a character a URL must escape: a test can look for it in everything printed
    String password = "Sesame-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + "!";
    String superuserPassword = UUID.randomUUID().toString();
    try (EmbeddedPostgres setUp = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false)
        .start(); Connection c = setUp.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
      s.execute("SET password_encryption = 'scram-sha-256'");
      s.execute("ALTER ROLE postgres PASSWORD '" + superuserPassword + "'");
      s.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + password.replace("'", "''") + "'");
      s.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
    }
    TestCertificates.Pem certificate = TestCertificates.selfSigned(Files.createDirectories(dir.resolve("tls")),
        "server");
    Path hba = dir.resolve("pg_hba.conf");
    Files.writeString(hba, """
        # logins over TLS with a SCRAM password only
        hostssl all all 127.0.0.1/32 scram-sha-256
        hostssl all all ::1/128 scram-sha-256
        """);
    // the embedded library's own readiness check logs in as postgres over TCP: with TLS and the password now
    EmbeddedPostgres server = EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false)
        .setServerConfig("password_encryption", "scram-sha-256")
        .setServerConfig("ssl", "on")
        .setServerConfig("ssl_cert_file", certificate.certificate().toString())
        .setServerConfig("ssl_key_file", certificate.key().toString())
        .setServerConfig("hba_file", hba.toString())
        .setConnectConfig("sslmode", "verify-full")
        .setConnectConfig("sslrootcert", certificate.certificate().toString())
        .setConnectConfig("password", superuserPassword)
        .start();
    return new ScramTlsServer(dir, server, certificate.certificate(), password);
  }

  public int port() {
    return server.getPort();
  }

  /** The server's certificate, which is its own root. */
  public Path rootCertificate() {
    return rootCertificate;
  }

  /** The password of {@link #USER}. */
  public String password() {
    return password;
  }

  /** A JDBC URL of {@link #DATABASE} on {@code host} with {@code query} (such as {@code ?sslmode=...}) appended. */
  public String url(String host, String query) {
    return "jdbc:postgresql://" + host + ":" + port() + "/" + DATABASE + query;
  }

  /** The URL verifying the server as production does: verify-full against the root certificate, on 127.0.0.1. */
  public String verifiedUrl() {
    return url("127.0.0.1", "?sslmode=verify-full&sslrootcert=" + rootCertificate);
  }

  /** A superuser connection to {@link #DATABASE} (over TLS, with its password) for the test's own checks. */
  public Connection superuser() throws SQLException {
    return server.getDatabase("postgres", DATABASE).getConnection();
  }

  @Override
  public void close() throws IOException {
    try {
      server.close();
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
