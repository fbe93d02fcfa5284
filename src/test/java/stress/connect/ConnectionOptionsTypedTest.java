package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The connection as the commands an assessment names type it: every option given, quoted for a shell where it must
 * be, and never a password (the URL's password parameters are left out, a password property is masked).
 */
class ConnectionOptionsTypedTest {
  @Test
  void nothingGivenTypesNothing() {
    assertEquals("", ConnectionOptions.empty().asTyped());
  }

  @Test
  void eachOptionAsGivenQuotedWhereAShellNeedsIt() {
    ConnectionOptions options = new ConnectionOptions(null, "db1", "5433", "app user", "orders", Map.of());
    assertEquals(" -h db1 -p 5433 -U 'app user' -d orders", options.asTyped());
    assertEquals(" --url jdbc:postgresql://h:5432/db -U postgres",
        new ConnectionOptions("jdbc:postgresql://h:5432/db", null, null, "postgres", null, Map.of()).asTyped());
  }

  @Test
  void aPasswordIsNeverTyped() {
    String secret = "s3cr3t'x";
    assertEquals(" --url 'jdbc:postgresql://h/db?sslmode=require'",
        ConnectionOptions.ofUrl("jdbc:postgresql://h/db?password=" + secret + "&sslmode=require").asTyped());
    assertEquals(" --url 'jdbc:postgresql://h/db?sslmode=require'",
        ConnectionOptions.ofUrl("jdbc:postgresql://h/db?sslmode=require&password=" + secret).asTyped());
    String typed = new ConnectionOptions("jdbc:postgresql://h/db?sslpassword=" + secret, null, null, null, null,
        Map.of("sslpassword", secret, "ssl", "true")).asTyped();
    assertFalse(typed.contains("s3cr3t"), typed);
    assertEquals(" --url jdbc:postgresql://h/db --driver-property ssl=true --driver-property"
        + " 'sslpassword=(set, not shown)'", typed);
  }
}
