package stress.jmh;

import java.sql.SQLException;
import java.util.SplittableRandom;
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
import stress.model.Shape;
import stress.load.DatasetInitializer;
import stress.load.InitProgressListener;
import stress.load.InitRequest;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.OperationSession;
import stress.model.OperationSettings;
import stress.ops.builtin.Operations;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.PostgresDialect;
import stress.keys.DenseIntegerKeys;
import stress.keys.KeyChooser;
import stress.keys.UniformDistribution;

/**
 * One execution of a find operation of {@code stress.ops}, in µs, per operation and statement mode, on one
 * thread holding its connection (pool kind {@code none}, statements cached as a run does then), against an
 * embedded PostgreSQL 18 on localhost (fsync on). Setup fills table {@code bench} and {@code bench_copy} with
 * {@value #DOCS} small generated documents (seed 1, integer keys 1..{@value #DOCS}) through
 * {@link DatasetInitializer}, as {@code stress init} does. Keys are uniform over the table; the knobs are the
 * run's defaults: find_in reads 40 keys, find a LIMIT of 100..10100 above a random key (fetch size 1000), so a
 * find reads about 4,000 rows on average here (fewer than its LIMIT when the key is near the end).
 * <p>Steady state to keep in mind: find_update writes every row back unchanged, find_insert upserts into the
 * copy table rows that are already there, and find_delete soon deletes nothing (the copy table's rows are gone
 * after the first few thousand executions), so it measures a read plus a DELETE that finds no row.
 * Run: {@code java -jar target/benchmarks.jar Operation -f 1 -wi 2 -i 3 -w 1s -r 2s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class OperationBenchmark {
  static final int DOCS = 20_000;
  private static final DocumentTable TABLE = new DocumentTable(null, "bench", IdType.INTEGER);
  private static final OperationSettings SETTINGS = new OperationSettings(40, 100, 10_100, 1000);

  @Param({"find_first", "find_in", "find", "find_update", "find_insert", "find_delete"})
  public String op;

  @Param({"prepared", "plain"})
  public String mode;

  private ConnectionSource source;
  private OperationSession session;
  private Operation.Bound bound;

  @Setup(Level.Trial)
  public void prepare(EmbeddedServer server) throws SQLException, InterruptedException {
    source = ConnectionSources.open("none", server.spec(PreferQueryMode.EXTENDED), new PoolSettings(1, 0));
    new DatasetInitializer(source::connection, new PostgresDialect())
        .initialize(InitRequest.of(TABLE, DOCS, Shape.parse("small")), InitProgressListener.NONE);
    KeyChooser keys = new KeyChooser(new DenseIntegerKeys(1, DOCS, true), new UniformDistribution(DOCS));
    session = new OperationSession(StatementMode.parse(mode), true, keys, new SplittableRandom(42),
        SETTINGS.fetchSize());
    session.attach(source.connection());
    bound = Operations.byName(op).bind(new OperationContext(TABLE, SETTINGS));
  }

  @TearDown(Level.Trial)
  public void close() throws SQLException {
    var connection = session.connection();
    session.close();
    connection.close();
    source.close();
  }

  /** Returns the rows the operation read and wrote, so that nothing of it can be optimised away. */
  @Benchmark
  public long execute() throws SQLException {
    return bound.execute(session);
  }
}
