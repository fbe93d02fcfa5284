package stress.connect;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import java.security.Security;
import java.util.Map;

/**
 * TLS records encrypted by native code (AWS-LC, through the Amazon Corretto Crypto Provider) instead of the JDK's
 * Java AES-GCM. The JDK's is fast only once the JIT has compiled it: an import over TLS into a Citus coordinator
 * (150,000 large orders, client on a core of its own) spent its first seconds encrypting at a fraction of the
 * server's pace, and took 15.6-16.3 s against 14.6-15.1 s with native encryption (3 interleaved rounds); psql, the
 * raw COPY it is compared with, encrypts natively too. The TLS protocol itself stays the JDK's (its handshake,
 * certificate checks and sslmode handling); only the ciphers, digests and random numbers it asks the JCA for come
 * from the native provider.
 *
 * <p>Installed once, before the first connection that may use TLS, as the first security provider; not where the
 * provider has no native library (it ships one for Linux on x86-64), where that library fails to load, or when
 * {@code STRESS_NATIVE_CRYPTO=off}. Then the JDK's ciphers serve, as before.
 */
public final class NativeCrypto {
  /** Set to {@code off} to keep the JDK's own ciphers. */
  public static final String SWITCH = "STRESS_NATIVE_CRYPTO";

  /** What {@link #install} decided, once; null before. */
  private static String state;

  private NativeCrypto() {}

  /** Installs the native provider unless {@link #SWITCH} says off in this process's environment. */
  public static String install() {
    return install(System.getenv());
  }

  /**
   * Installs the native provider, once, unless {@code environment} has {@link #SWITCH} set to {@code off}.
   *
   * @return what encrypts TLS from now on, for the connection report: native code, or the JDK's ciphers and why
   */
  static synchronized String install(Map<String, String> environment) {
    if (state != null) {
      return state;
    }
    if ("off".equalsIgnoreCase(environment.getOrDefault(SWITCH, "").strip())) {
      state = "the JDK's (" + SWITCH + "=off)";
      return state;
    }
    try {
      AmazonCorrettoCryptoProvider provider = AmazonCorrettoCryptoProvider.INSTANCE;
      Throwable loading = provider.getLoadingError();
      if (loading != null) {
        state = "the JDK's (native ciphers not available here: " + loading + ")";
        return state;
      }
      provider.assertHealthy();
      Security.insertProviderAt(provider, 1);
      state = "native (" + provider.getAwsLcVersionStr() + "; " + SWITCH + "=off for the JDK's)";
    } catch (RuntimeException | LinkageError e) {
      state = "the JDK's (native ciphers not available here: " + e + ")";
    }
    return state;
  }
}
