package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The Vert.x on the class path is the one {@link VertxInternals} was checked against: an upgrade fails here, with
 * what to check, before anything breaks at run time.
 */
class VertxInternalsTest {

  static String vertxVersion(String artifact) throws IOException {
    String path = "/META-INF/maven/io.vertx/" + artifact + "/pom.properties";
    try (InputStream in = Vertx.class.getResourceAsStream(path)) {
      assertNotNull(in, "the Vert.x jar has no " + path);
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    }
  }

  @Test
  void vertxIsTheVersionTheInternalUsesWereCheckedAgainst() throws IOException {
    String message = "Vert.x changed: check the internal API stress.connect.eventloop.VertxInternals uses"
        + " (VertxInternal.createEventLoopContext, VertxBuilder.findTransport, EpollTransport.eventLoopGroup,"
        + " SqlConnectionInternal.unwrap and SocketConnectionBase.socket), run EventLoopsTest, SpinningEpollLoopsTest"
        + " and SilentServerTest, then set VertxInternals.CHECKED_VERSION";
    assertEquals(VertxInternals.CHECKED_VERSION, vertxVersion("vertx-core"), message);
    assertEquals(VertxInternals.CHECKED_VERSION, vertxVersion("vertx-pg-client"), message);
  }
}
