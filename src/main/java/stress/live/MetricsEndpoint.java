package stress.live;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The JDK's own HTTP server answering {@code GET /metrics} with the Prometheus text format, on one daemon
 * thread (a scrape is a few kilobytes, and a stuck scraper must not keep the JVM alive).
 */
final class MetricsEndpoint implements AutoCloseable {
  static final String PATH = "/metrics";
  private static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final HttpServer server;
  private final ExecutorService executor;

  /**
   * Listens on all interfaces.
   *
   * @param port   1 to 65535, or 0 for a free port chosen by the system
   * @param scrape produces the page
   * @throws IOException when the port cannot be bound (e.g. in use)
   */
  MetricsEndpoint(int port, Supplier<String> scrape) throws IOException {
    server = HttpServer.create(new InetSocketAddress(port), 0);
    executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "stress-metrics-http");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext(PATH, exchange -> answer(exchange, scrape));
    server.start();
  }

  /** The port listened on (the chosen one when 0 was asked for). */
  int port() {
    return server.getAddress().getPort();
  }

  private static void answer(HttpExchange exchange, Supplier<String> scrape) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      if (!exchange.getRequestURI().getPath().equals(PATH)) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      if (!method.equals("GET") && !method.equals("HEAD")) {
        exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      byte[] body = scrape.get().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
      if (method.equals("HEAD")) {
        exchange.sendResponseHeaders(200, -1);
        return;
      }
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** Stops listening at once; a scrape in progress is cut off. */
  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
