package stress.testing;

import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/** Test-only TLS certificates, made at test time by the JDK's keytool (no openssl needed), written as PEM. */
public final class TestCertificates {
  private TestCertificates() {}

  /** A certificate and its key as files. */
  public record Pem(Path certificate, Path key) {}

  /**
   * A 2048-bit RSA key pair and a self-signed certificate for DNS:localhost and IP:127.0.0.1, valid two days, written
   * into {@code into} as {@code alias.crt} and {@code alias.key} (PKCS#8, which OpenSSL and so PostgreSQL read; mode
   * 0600, which the server demands). The certificate is its own root, so clients verify against it.
   */
  public static Pem selfSigned(Path into, String alias) throws Exception {
    Path store = into.resolve(alias + ".p12");
    String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
    Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", alias, "-keyalg", "RSA", "-keysize", "2048",
        "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
        "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit")
        .redirectErrorStream(true).start();
    String printed = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException("keytool failed: " + printed);
    }
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = new FileInputStream(store.toFile())) {
      keys.load(in, "changeit".toCharArray());
    }
    Certificate cert = keys.getCertificate(alias);
    Key key = keys.getKey(alias, "changeit".toCharArray());
    Path certFile = into.resolve(alias + ".crt");
    Path keyFile = into.resolve(alias + ".key");
    Files.writeString(certFile, pem("CERTIFICATE", cert.getEncoded()));
    Files.writeString(keyFile, pem("PRIVATE KEY", key.getEncoded()));
    Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("rw-------"));
    return new Pem(certFile, keyFile);
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
        + "\n-----END " + type + "-----\n";
  }
}
