package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stress.model.PreferQueryMode;

class ConnectionResolverTest {
  private static final DriverSettings DRIVER = new DriverSettings(10, 0, 0, 5, PreferQueryMode.EXTENDED, null);

  @TempDir
  Path home;

  private final Map<String, String> env = new HashMap<>();

  private ResolvedConnection resolve(ConnectionOptions options) {
    return new ConnectionResolver(env, home, "osuser").resolve(options, DRIVER);
  }

  private static ConnectionOptions options(String host, String port, String user, String database) {
    return new ConnectionOptions(null, host, port, user, database, Map.of());
  }

  private void pgpass(String... lines) throws IOException {
    Path file = home.resolve(".pgpass");
    Files.write(file, List.of(lines));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
  }

  private static IllegalArgumentException rejects(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run);
  }

  @Test
  void nothingGivenUsesLibpqDefaults() {
    ResolvedConnection r = resolve(ConnectionOptions.empty());
    assertEquals("jdbc:postgresql://localhost:5432/osuser", r.spec().url());
    assertEquals("osuser", r.spec().user());
    assertNull(r.spec().password());
    assertEquals("none", r.passwordSource());
    assertEquals(List.of(), r.warnings());
    assertEquals(List.of(), r.spec().initStatements());
  }

  @Test
  void environmentVariablesFillWhatOptionsLeaveOut() {
    env.putAll(Map.of("PGHOST", "db.example", "PGPORT", "6543", "PGUSER", "envuser", "PGDATABASE", "envdb"));
    ResolvedConnection r = resolve(ConnectionOptions.empty());
    assertEquals("jdbc:postgresql://db.example:6543/envdb", r.spec().url());
    assertEquals("envuser", r.spec().user());
  }

  @Test
  void optionsWinOverEnvironment() {
    env.putAll(Map.of("PGHOST", "envhost", "PGPORT", "6543", "PGUSER", "envuser", "PGDATABASE", "envdb"));
    ResolvedConnection r = resolve(options("opthost", "7000", "optuser", "optdb"));
    assertEquals("jdbc:postgresql://opthost:7000/optdb", r.spec().url());
    assertEquals("optuser", r.spec().user());
  }

  @Test
  void databaseDefaultsToTheResolvedUser() {
    env.put("PGUSER", "envuser");
    assertEquals("jdbc:postgresql://localhost:5432/envuser", resolve(ConnectionOptions.empty()).spec().url());
    assertEquals("jdbc:postgresql://localhost:5432/bob", resolve(options(null, null, "bob", null)).spec().url());
  }

  @Test
  void emptyEnvironmentVariablesCountAsUnset() {
    env.putAll(Map.of("PGHOST", "", "PGPORT", "", "PGUSER", "", "PGDATABASE", "", "PGPASSWORD", ""));
    ResolvedConnection r = resolve(ConnectionOptions.empty());
    assertEquals("jdbc:postgresql://localhost:5432/osuser", r.spec().url());
    assertNull(r.spec().password());
  }

  @Test
  void multiHostPghostWithOnePortForAll() {
    env.putAll(Map.of("PGHOST", "h1,h2,h3", "PGPORT", "5433"));
    assertEquals("jdbc:postgresql://h1:5433,h2:5433,h3:5433/osuser", resolve(ConnectionOptions.empty()).spec().url());
  }

  @Test
  void multiHostPghostWithOnePortEach() {
    env.putAll(Map.of("PGHOST", "h1,h2", "PGPORT", "5433,5434"));
    assertEquals("jdbc:postgresql://h1:5433,h2:5434/osuser", resolve(ConnectionOptions.empty()).spec().url());
    assertEquals("jdbc:postgresql://a:1,b:2/osuser", resolve(options("a,b", "1,2", null, null)).spec().url());
  }

  @Test
  void portCountMustMatchHostCount() {
    env.putAll(Map.of("PGHOST", "h1,h2,h3", "PGPORT", "5433,5434"));
    String message = rejects(() -> resolve(ConnectionOptions.empty())).getMessage();
    assertTrue(message.contains("PGPORT '5433,5434' gives 2 ports for the 3 hosts of PGHOST"), message);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "65536", "x", "-1", "5432,"})
  void badPortsAreRejectedNamingTheOption(String port) {
    String message = rejects(() -> resolve(options(null, port, null, null))).getMessage();
    assertTrue(message.startsWith("-p '" + port + "'"), message);
  }

  @Test
  void badPortInEnvironmentNamesTheVariable() {
    env.put("PGPORT", "abc");
    assertTrue(rejects(() -> resolve(ConnectionOptions.empty())).getMessage().startsWith("PGPORT 'abc'"));
  }

  @Test
  void unixSocketDirectoryAndEmptyHostAreRejected() {
    env.put("PGHOST", "/var/run/postgresql");
    assertTrue(rejects(() -> resolve(ConnectionOptions.empty())).getMessage().contains("Unix-socket directory"));
    assertTrue(rejects(() -> resolve(options("h1,,h2", null, null, null))).getMessage().contains("empty host"));
  }

  @Test
  void ipv6HostsAreBracketedInTheUrl() {
    assertEquals("jdbc:postgresql://[::1]:5432/osuser", resolve(options("::1", null, null, null)).spec().url());
  }

  @Test
  void databaseNamesAreEncodedForTheUrl() {
    assertEquals("jdbc:postgresql://localhost:5432/my+db%2Fx%3F",
        resolve(options(null, null, null, "my db/x?")).spec().url());
  }

  @Test
  void urlIsTakenAsIsWithMultipleHosts() {
    ResolvedConnection r = resolve(ConnectionOptions.ofUrl(
        "jdbc:postgresql://h1:5432,h2:5433/db?targetServerType=primary&sslmode=disable"));
    assertEquals("jdbc:postgresql://h1:5432,h2:5433/db?targetServerType=primary&sslmode=disable", r.spec().url());
    assertEquals("osuser", r.spec().user());
  }

  @Test
  void passwordAndUserInTheUrlQueryMoveIntoTheSpec() {
    ResolvedConnection r = resolve(ConnectionOptions.ofUrl(
        "jdbc:postgresql://h1:5432/db?user=alice&password=s%3Acr%26t&sslmode=require"));
    assertEquals("jdbc:postgresql://h1:5432/db?sslmode=require", r.spec().url());
    assertEquals("alice", r.spec().user());
    assertEquals("s:cr&t", r.spec().password());
    assertEquals("--url", r.passwordSource());
    assertFalse(r.spec().toString().contains("s:cr&t"));
    assertFalse(r.spec().describe().toString().contains("cr"), r.spec().describe().toString());
  }

  @Test
  void otherSecretsInTheUrlMoveToMaskedDriverProperties() {
    ResolvedConnection r = resolve(ConnectionOptions.ofUrl(
        "jdbc:postgresql://h/db?sslmode=verify-full&sslpassword=key%21pw&sslkey=/k.pk8"));
    assertEquals("jdbc:postgresql://h/db?sslmode=verify-full&sslkey=/k.pk8", r.spec().url());
    assertEquals("key!pw", r.spec().driverProperties().get("sslpassword"));
    assertEquals("key!pw", r.spec().toDriverProperties().getProperty("sslpassword"));
    assertEquals("(set, not shown)", r.spec().describe().get("sslpassword"));
    assertFalse(r.spec().toString().contains("key!pw"));
  }

  @Test
  void secretExtraDriverPropertiesAreMaskedWhenPrinted() {
    ConnectionOptions options = new ConnectionOptions(null, null, null, null, null, Map.of("sslpassword", "keypw"));
    assertFalse(options.toString().contains("keypw"), options.toString());
    assertFalse(resolve(options).spec().toString().contains("keypw"));
  }

  @Test
  void passwordOnlyQueryLeavesNoQuestionMark() {
    ResolvedConnection r = resolve(ConnectionOptions.ofUrl("jdbc:postgresql://h/db?password=pw"));
    assertEquals("jdbc:postgresql://h/db", r.spec().url());
    assertEquals("pw", r.spec().password());
  }

  @Test
  void passwordKeyIsRecognisedInAnyCase() {
    ResolvedConnection r = resolve(ConnectionOptions.ofUrl("jdbc:postgresql://h/db?Password=pw&a=1"));
    assertEquals("jdbc:postgresql://h/db?a=1", r.spec().url());
    assertEquals("pw", r.spec().password());
  }

  @Test
  void urlUserMustAgreeWithDashU() {
    ConnectionOptions agree = new ConnectionOptions("jdbc:postgresql://h/db?user=a", null, null, "a", null, Map.of());
    assertEquals("a", resolve(agree).spec().user());
    ConnectionOptions differ = new ConnectionOptions("jdbc:postgresql://h/db?user=a", null, null, "b", null, Map.of());
    assertTrue(rejects(() -> resolve(differ)).getMessage().contains("-U names 'b'"));
    ConnectionOptions onlyDashU = new ConnectionOptions("jdbc:postgresql://h/db", null, null, "b", null, Map.of());
    assertEquals("b", resolve(onlyDashU).spec().user());
  }

  @Test
  void urlWithoutUserTakesPguser() {
    env.put("PGUSER", "envuser");
    assertEquals("envuser", resolve(ConnectionOptions.ofUrl("jdbc:postgresql://h/db")).spec().user());
  }

  @Test
  void urlCannotBeCombinedWithHostPortOrDatabase() {
    rejects(() -> new ConnectionOptions("jdbc:postgresql://h/db", "h", null, null, null, Map.of()));
    rejects(() -> new ConnectionOptions("jdbc:postgresql://h/db", null, "5432", null, null, Map.of()));
    rejects(() -> new ConnectionOptions("jdbc:postgresql://h/db", null, null, null, "db", Map.of()));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "postgresql://h/db?password=topsecret",
      "jdbc:mysql://h/db?password=topsecret",
      "jdbc:postgresql://h?password=topsecret",
      "jdbc:postgresql://u:topsecret@h/db",
      "jdbc:postgresql://h:99999/db?password=topsecret",
      "jdbc:postgresql://h/db?password=topsecret&password=other",
      "jdbc:postgresql://h/db?password=topsecret&host=other",
      "jdbc:postgresql://h/db?PGDBNAME=x&password=topsecret",
      "jdbc:postgresql://h/db?service=x&password=topsecret",
      "jdbc:postgresql://h/db%zz?password=topsecret",
      "jdbc:postgresql://h:x/db?sslpassword=topsecret",
  })
  void badUrlsAreRejectedWithoutShowingThePassword(String url) {
    String message = rejects(() -> resolve(ConnectionOptions.ofUrl(url))).getMessage();
    assertTrue(message.startsWith("--url '"), message);
    assertFalse(message.contains("topsecret"), message);
  }

  @Test
  void urlMustNotSetWhatTheToolSets() {
    String message = rejects(() -> resolve(ConnectionOptions.ofUrl("jdbc:postgresql://h/db?prepareThreshold=0")))
        .getMessage();
    assertTrue(message.contains("prepareThreshold"), message);
  }

  @Test
  void driverSettingsAndExtraPropertiesAreMerged() {
    ResolvedConnection r = resolve(new ConnectionOptions(null, null, null, null, null, Map.of("sslmode", "disable")));
    Map<String, String> p = r.spec().driverProperties();
    assertEquals("disable", p.get("sslmode"));
    assertEquals("stress", p.get("ApplicationName"));
    assertEquals("5", p.get("prepareThreshold"));
    assertEquals("extended", p.get("preferQueryMode"));
    assertEquals("10", p.get("connectTimeout"));
  }

  @Test
  void extraPropertiesMustNotOverrideTheToolsOwnOrCarryCredentials() {
    rejects(() -> resolve(new ConnectionOptions(null, null, null, null, null, Map.of("preferQueryMode", "simple"))));
    rejects(() -> new ConnectionOptions(null, null, null, null, null, Map.of("password", "x")));
    rejects(() -> new ConnectionOptions(null, null, null, null, null, Map.of("USER", "x")));
  }

  @Test
  void blankOptionsAreRejected() {
    assertEquals("-h must not be empty", rejects(() -> options(" ", null, null, null)).getMessage());
    assertEquals("-U must not be empty", rejects(() -> options(null, null, "", null)).getMessage());
  }

  @Test
  void passwordLookupOrderUrlThenPgpasswordThenFile() throws IOException {
    pgpass("*:*:*:*:fromfile");
    env.put("PGPASSWORD", "fromenv");
    ResolvedConnection fromUrl = resolve(ConnectionOptions.ofUrl("jdbc:postgresql://h/db?password=fromurl"));
    assertEquals("fromurl", fromUrl.spec().password());
    assertEquals("--url", fromUrl.passwordSource());

    ResolvedConnection fromEnv = resolve(ConnectionOptions.empty());
    assertEquals("fromenv", fromEnv.spec().password());
    assertEquals("PGPASSWORD", fromEnv.passwordSource());

    env.remove("PGPASSWORD");
    ResolvedConnection fromFile = resolve(ConnectionOptions.empty());
    assertEquals("fromfile", fromFile.spec().password());
    assertEquals("password file " + home.resolve(".pgpass"), fromFile.passwordSource());
  }

  @Test
  void pgpassIsMatchedOnResolvedHostPortDatabaseAndUser() throws IOException {
    pgpass("other:5432:app:alice:wrong", "db1:6000:app:alice:right", "*:*:*:*:fallback");
    assertEquals("right", resolve(options("db1", "6000", "alice", "app")).spec().password());
    assertEquals("fallback", resolve(options("db1", "6001", "alice", "app")).spec().password());
  }

  @Test
  void pgpassDatabaseDefaultsToUserAndHostToLocalhost() throws IOException {
    pgpass("localhost:5432:osuser:osuser:p1");
    assertEquals("p1", resolve(ConnectionOptions.empty()).spec().password());
  }

  @Test
  void pgpassMatchesUrlHostsAndDatabase() throws IOException {
    pgpass("h2:5433:db:alice:second-host", "::1:5432:db:alice:never", "\\:\\:1:5434:db:alice:v6");
    assertEquals("second-host",
        resolve(ConnectionOptions.ofUrl("jdbc:postgresql://h1:5432,h2:5433/db?user=alice")).spec().password());
    assertEquals("v6", resolve(ConnectionOptions.ofUrl("jdbc:postgresql://[::1]:5434/db?user=alice")).spec().password());
  }

  @Test
  void pgpassWithEscapedFields() throws IOException {
    pgpass("h:5432:we\\:ird\\\\db:alice:pa\\:ss");
    assertEquals("pa:ss", resolve(options("h", null, "alice", "we:ird\\db")).spec().password());
  }

  @Test
  void multiHostWithDifferentPgpassPasswordsIsWarned() throws IOException {
    pgpass("h1:5432:db:alice:pw-first", "h2:5432:db:alice:pw-second");
    ResolvedConnection r = resolve(options("h1,h2", null, "alice", "db"));
    assertEquals("pw-first", r.spec().password());
    assertEquals(1, r.warnings().size());
    String warning = r.warnings().get(0);
    assertTrue(warning.contains("different passwords for h1:5432 and h2:5432"), warning);
    assertFalse(warning.contains("pw-"), warning);
  }

  @Test
  void pgpassfileVariableNamesTheFile() throws IOException {
    Path other = home.resolve("elsewhere");
    Files.writeString(other, "*:*:*:*:viaenv\n");
    Files.setPosixFilePermissions(other, PosixFilePermissions.fromString("rw-------"));
    pgpass("*:*:*:*:default-file");
    env.put("PGPASSFILE", other.toString());
    ResolvedConnection r = resolve(ConnectionOptions.empty());
    assertEquals("viaenv", r.spec().password());
    assertEquals("password file " + other, r.passwordSource());
  }

  @Test
  void groupReadablePgpassIsIgnoredWithAWarning() throws IOException {
    pgpass("*:*:*:*:secret");
    Files.setPosixFilePermissions(home.resolve(".pgpass"), PosixFilePermissions.fromString("rw-r--r--"));
    ResolvedConnection r = resolve(ConnectionOptions.empty());
    assertNull(r.spec().password());
    assertEquals("none", r.passwordSource());
    assertEquals(1, r.warnings().size());
    assertTrue(r.warnings().get(0).contains("group or world access"));
  }

  @Test
  void noMatchingLineMeansNoPassword() throws IOException {
    pgpass("elsewhere:5432:db:alice:pw");
    ResolvedConnection r = resolve(ConnectionOptions.empty());
    assertNull(r.spec().password());
    assertEquals(List.of(), r.warnings());
  }

  @Test
  void connectionGivenByOptionsOrPghostOnly() {
    ConnectionResolver resolver = new ConnectionResolver(env, home, "osuser");
    assertFalse(resolver.connectionGiven(ConnectionOptions.empty()));
    assertTrue(resolver.connectionGiven(ConnectionOptions.ofUrl("jdbc:postgresql://h/db")));
    assertTrue(resolver.connectionGiven(options("h", null, null, null)));
    assertTrue(resolver.connectionGiven(options(null, "5433", null, null)));
    assertTrue(resolver.connectionGiven(options(null, null, null, "db")));
    assertTrue(resolver.connectionGiven(options(null, null, "u", null)));

    Map<String, String> refining = Map.of("PGPORT", "5433", "PGUSER", "u", "PGDATABASE", "d", "PGPASSWORD", "p");
    assertFalse(new ConnectionResolver(refining, home, "osuser").connectionGiven(ConnectionOptions.empty()));
    assertTrue(new ConnectionResolver(Map.of("PGHOST", "h"), home, "osuser").connectionGiven(ConnectionOptions.empty()));
    assertFalse(new ConnectionResolver(Map.of("PGHOST", ""), home, "osuser").connectionGiven(ConnectionOptions.empty()));
  }

  @Test
  void noUserAnywhereIsAnError() {
    assertEquals("no user name: give -U or set PGUSER",
        rejects(() -> new ConnectionResolver(env, home, null).resolve(ConnectionOptions.empty(), DRIVER)).getMessage());
  }

  @Test
  void optionsToStringMasksAUrlPassword() {
    String text = ConnectionOptions.ofUrl("jdbc:postgresql://h/db?a=1&password=topsecret&b=2").toString();
    assertFalse(text.contains("topsecret"), text);
    assertTrue(text.contains("a=1"), text);
  }
}
