package stress.jmh;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
 * One round trip to an embedded PostgreSQL on localhost, in µs per statement, per way a statement travels:
 * {@code SELECT <int>} with a parameter that changes every time, its one row read. Nothing else is on the
 * statement (no table), so the figure is driver, protocol, loopback and the server's parse/plan/execute of a
 * trivial query.
 * <ul>
 *   <li>{@code prepared}: a PreparedStatement kept open, extended protocol, pgjdbc's prepareThreshold 5, so after
 *       the warm-up it runs as a server-side prepared statement (Bind/Execute only);</li>
 *   <li>{@code plain}: a Statement with the value written into the SQL, extended protocol with an unnamed
 *       statement (Parse/Bind/Execute every time);</li>
 *   <li>{@code simple}: the same PreparedStatement with {@code preferQueryMode=simple}: the driver writes the
 *       value into the text and sends one simple Query message.</li>
 * </ul>
 * The connection is a physical one of the {@code none} connection source, held for the trial.
 * Run: {@code java -jar target/benchmarks.jar RoundTrip -f 1 -wi 2 -i 3 -w 1s -r 2s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class RoundTripBenchmark {
  @Param({"prepared", "plain", "simple"})
  public String mode;

  private ConnectionSource source;
  private Connection connection;
  private PreparedStatement prepared;
  private Statement plain;
  private int next;

  @Setup(Level.Trial)
  public void connect(EmbeddedServer server) throws SQLException {
    PreferQueryMode queryMode = mode.equals("simple") ? PreferQueryMode.SIMPLE : PreferQueryMode.EXTENDED;
    source = ConnectionSources.open("none", server.spec(queryMode), new PoolSettings(1, 0));
    connection = source.connection();
    if (mode.equals("plain")) {
      plain = connection.createStatement();
    } else {
      prepared = connection.prepareStatement("SELECT ?::int");
    }
  }

  @TearDown(Level.Trial)
  public void disconnect() throws SQLException {
    connection.close();
    source.close();
  }

  @Benchmark
  public int roundTrip() throws SQLException {
    int value = next++ & 0xFFFF;
    ResultSet rs;
    if (plain != null) {
      rs = plain.executeQuery("SELECT " + value);
    } else {
      prepared.setInt(1, value);
      rs = prepared.executeQuery();
    }
    try (rs) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
