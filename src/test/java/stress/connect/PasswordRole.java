package stress.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Properties;
import stress.testing.TestDatabase;

/**
 * A login role with a real password on the shared test server. The embedded server trusts every local
 * connection, so a pg_hba line for this role alone (put first, as the first matching line wins) makes the
 * server ask it for a SCRAM password; other roles keep trust. {@link #ensure()} returns only once a wrong
 * password is refused, so tests that look for leaked passwords test a password that was really used.
 */
public final class PasswordRole {
  /** The role's name. */
  public static final String NAME = "stress_connect_pw";
  /** Its password: random, so a match in any message can only be a leak. */
  public static final String PASSWORD = "Pw-" + randomHex();

  private static boolean ready;

  private PasswordRole() {}

  private static String randomHex() {
    byte[] bytes = new byte[8];
    new SecureRandom().nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  /** Creates the role and turns on password authentication for it (once per test JVM). */
  public static synchronized void ensure() {
    if (ready) {
      return;
    }
    try (Connection c = TestDatabase.connect(TestDatabase.url("postgres")); Statement s = c.createStatement()) {
      s.execute("SET password_encryption = 'scram-sha-256'");
      s.execute("CREATE ROLE " + NAME + " LOGIN PASSWORD '" + PASSWORD + "'");
      Path hba;
      try (ResultSet rs = s.executeQuery("SHOW hba_file")) {
        rs.next();
        hba = Path.of(rs.getString(1));
      }
      String lines = "host all " + NAME + " 127.0.0.1/32 scram-sha-256\n"
          + "host all " + NAME + " ::1/128 scram-sha-256\n";
      Files.writeString(hba, lines + Files.readString(hba));
      s.execute("SELECT pg_reload_conf()");
      awaitPasswordRequired();
      ready = true;
    } catch (SQLException | IOException e) {
      throw new IllegalStateException("could not set up the password role on the test server", e);
    }
  }

  // pg_reload_conf() only signals the postmaster; wait until new connections see the new rules
  private static void awaitPasswordRequired() throws SQLException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    Properties wrong = new Properties();
    wrong.setProperty("user", NAME);
    wrong.setProperty("password", "not-the-password");
    while (true) {
      try {
        DriverManager.getConnection(TestDatabase.url("postgres"), wrong).close();
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the test server still accepts any password for " + NAME);
        }
      } catch (SQLException expected) {
        if ("28P01".equals(expected.getSQLState())) {
          return;
        }
        throw expected;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }
}
