package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.model.PreferQueryMode;
import stress.testing.TestDatabase;

/** Resolved specs open real connections: the password really comes from the password file or the URL. */
class ResolvedSpecAgainstServerTest {
  private static final DriverSettings DRIVER = new DriverSettings(5, 0, 10, 5, PreferQueryMode.EXTENDED, null);

  @TempDir
  Path home;

  @BeforeAll
  static void role() {
    PasswordRole.ensure();
  }

  private static String currentUser(ConnectionSpec spec) throws SQLException {
    try (Connection c = PhysicalConnections.open(spec); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT current_user")) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void passwordFromThePasswordFileLogsIn() throws IOException, SQLException {
    Path pgpass = home.resolve(".pgpass");
    Files.writeString(pgpass, "# test server\nlocalhost:" + TestDatabase.port() + ":postgres:" + PasswordRole.NAME + ":"
        + PasswordRole.PASSWORD + "\n");
    Files.setPosixFilePermissions(pgpass, PosixFilePermissions.fromString("rw-------"));
    ConnectionResolver resolver = new ConnectionResolver(Map.of("PGUSER", PasswordRole.NAME,
        "PGPORT", Integer.toString(TestDatabase.port())), home, "nobody");
    ResolvedConnection r = resolver.resolve(new ConnectionOptions(null, "localhost", null, null, "postgres", Map.of()),
        DRIVER);
    assertEquals("password file " + pgpass, r.passwordSource());
    assertEquals(PasswordRole.NAME, currentUser(r.spec()));
  }

  @Test
  void passwordFromTheUrlLogsInAndIsNotInTheUrlAnyMore() throws SQLException {
    ConnectionResolver resolver = new ConnectionResolver(Map.of(), home, "nobody");
    String url = TestDatabase.url("postgres") + "?user=" + PasswordRole.NAME + "&password=" + PasswordRole.PASSWORD;
    ResolvedConnection r = resolver.resolve(ConnectionOptions.ofUrl(url), DRIVER);
    assertFalse(r.spec().url().contains(PasswordRole.PASSWORD));
    assertEquals(PasswordRole.NAME, currentUser(r.spec()));
  }

  @Test
  void aWrongPgpasswordIsRefused() {
    ConnectionResolver resolver = new ConnectionResolver(Map.of("PGPASSWORD", "nope", "PGUSER", PasswordRole.NAME,
        "PGPORT", Integer.toString(TestDatabase.port()), "PGDATABASE", "postgres"), home, "nobody");
    ResolvedConnection r = resolver.resolve(ConnectionOptions.empty(), DRIVER);
    assertEquals("28P01", assertThrows(SQLException.class, () -> currentUser(r.spec())).getSQLState());
  }
}
