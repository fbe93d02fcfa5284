package stress.jmh;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import stress.connect.ConnectionSource;
import stress.connect.ConnectionSources;
import stress.connect.PoolSettings;
import stress.model.PreferQueryMode;

/**
 * What getting a connection and giving it back costs a worker, in µs per checkout, per pool kind of
 * {@code stress.connect}: {@code source.connection()} then {@code close()}, nothing run on it. For {@code hikari}
 * and {@code c3p0} that is a checkout from a pool of 4 connections opened in setup and the return to it (c3p0's
 * statement cache off, the tool's default); for {@code none} it is a new physical connection to the embedded
 * PostgreSQL on localhost (TCP connect, startup, a server backend forked) and its close. One thread, so no
 * waiting for a free connection is measured.
 * Run: {@code java -jar target/benchmarks.jar PoolCheckout -f 1 -wi 2 -i 3 -w 1s -r 2s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class PoolCheckoutBenchmark {
  @Param({"hikari", "c3p0", "none"})
  public String pool;

  private ConnectionSource source;

  @Setup(Level.Trial)
  public void open(EmbeddedServer server) throws SQLException {
    source = ConnectionSources.open(pool, server.spec(PreferQueryMode.EXTENDED), new PoolSettings(4, 0));
    // the pools fill in the background: wait for one checkout so the first iteration does not time the filling
    try (Connection first = source.connection()) {
      first.isValid(10);
    }
  }

  @TearDown(Level.Trial)
  public void close() {
    source.close();
  }

  @Benchmark
  public Connection checkoutAndReturn() throws SQLException {
    Connection connection = source.connection();
    connection.close();
    return connection;
  }
}
