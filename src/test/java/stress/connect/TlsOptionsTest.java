package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.model.PreferQueryMode;

/** TLS settings from the URL, driver properties and libpq's PGSSL* variables, and how reports show them. */
class TlsOptionsTest {
  private static final DriverSettings DRIVER = new DriverSettings(10, 0, 0, 5, PreferQueryMode.EXTENDED, null);

  @TempDir
  Path home;

  private final Map<String, String> env = new HashMap<>();

  private ConnectionSpec resolve(String url, Map<String, String> driverProperties) {
    return new ConnectionResolver(env, home, "osuser").resolve(new ConnectionOptions(url, null, null, "u", null,
        driverProperties), DRIVER).spec();
  }

  @Test
  void theEnvironmentGivesEveryTlsSettingLikeLibpq() {
    env.put("PGSSLMODE", "verify-full");
    env.put("PGSSLROOTCERT", "/etc/ca.crt");
    env.put("PGSSLCERT", "/home/u/client.crt");
    env.put("PGSSLKEY", "/home/u/client.key");
    ConnectionSpec spec = resolve("jdbc:postgresql://db:5432/app", Map.of());
    assertEquals("verify-full", spec.driverProperties().get("sslmode"));
    assertEquals("/etc/ca.crt", spec.driverProperties().get("sslrootcert"));
    assertEquals("/home/u/client.crt", spec.driverProperties().get("sslcert"));
    assertEquals("/home/u/client.key", spec.driverProperties().get("sslkey"));
    assertEquals("sslmode=verify-full, sslrootcert=/etc/ca.crt, sslcert=/home/u/client.crt, sslkey=/home/u/client.key",
        TlsOptions.summary(spec));
  }

  @Test
  void theUrlAndDriverPropertiesWinOverTheEnvironment() {
    env.put("PGSSLMODE", "require");
    env.put("PGSSLROOTCERT", "/env/ca.crt");
    env.put("PGSSLKEY", "/env/client.key");
    ConnectionSpec spec = resolve("jdbc:postgresql://db:5432/app?sslmode=verify-ca&sslrootcert=%2Furl%2Fca.crt",
        Map.of("sslkey", "/prop/client.key"));
    assertFalse(spec.driverProperties().containsKey("sslmode"), "the URL's sslmode stays in the URL");
    assertFalse(spec.driverProperties().containsKey("sslrootcert"));
    assertEquals("/prop/client.key", spec.driverProperties().get("sslkey"));
    assertEquals("jdbc:postgresql://db:5432/app?sslmode=verify-ca&sslrootcert=%2Furl%2Fca.crt", spec.url());
    assertEquals("sslmode=verify-ca, sslrootcert=/url/ca.crt, sslkey=/prop/client.key", TlsOptions.summary(spec));
  }

  @Test
  void emptyVariablesCountAsUnset() {
    env.put("PGSSLMODE", "");
    ConnectionSpec spec = resolve("jdbc:postgresql://db/app", Map.of());
    assertFalse(spec.driverProperties().containsKey("sslmode"));
    assertEquals("", TlsOptions.summary(spec));
  }

  @Test
  void anUnknownModeIsRefusedNamingWhereItCameFrom() {
    env.put("PGSSLMODE", "verify");
    IllegalArgumentException fromEnv = assertThrows(IllegalArgumentException.class,
        () -> resolve("jdbc:postgresql://db/app", Map.of()));
    assertEquals("PGSSLMODE 'verify' is not a TLS mode; use one of disable, allow, prefer, require, verify-ca,"
        + " verify-full", fromEnv.getMessage());
    env.clear();
    IllegalArgumentException fromUrl = assertThrows(IllegalArgumentException.class,
        () -> resolve("jdbc:postgresql://db/app?sslmode=on", Map.of()));
    assertEquals("--url sslmode 'on' is not a TLS mode; use one of disable, allow, prefer, require, verify-ca,"
        + " verify-full", fromUrl.getMessage());
    IllegalArgumentException fromProperty = assertThrows(IllegalArgumentException.class,
        () -> resolve("jdbc:postgresql://db/app", Map.of("sslmode", "strict")));
    assertEquals("driver property sslmode 'strict' is not a TLS mode; use one of disable, allow, prefer, require,"
        + " verify-ca, verify-full", fromProperty.getMessage());
  }

  @Test
  void theKeyPassphraseIsNeverShown() {
    String secret = "Passphrase-" + System.nanoTime();
    ConnectionSpec spec = resolve("jdbc:postgresql://db/app?sslmode=require&sslkey=%2Fk.key&sslpassword=" + secret,
        new LinkedHashMap<>());
    assertFalse(spec.url().contains(secret), spec.url());
    assertEquals(secret, spec.driverProperties().get("sslpassword"), "still handed to the driver");
    assertEquals("sslmode=require, sslkey=/k.key, sslpassword (set, not shown)", TlsOptions.summary(spec));
    assertFalse(spec.describe().toString().contains(secret), spec.describe().toString());
    assertFalse(spec.toString().contains(secret));
  }
}
