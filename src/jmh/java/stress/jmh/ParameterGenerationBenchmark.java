package stress.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import stress.model.PreferQueryMode;
import stress.ops.OperationSession;
import stress.ops.file.ParameterGenerator;
import stress.ops.file.PlaceholderValue;
import stress.model.StatementMode;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.keys.DenseIntegerKeys;
import stress.keys.KeyChooser;
import stress.keys.UniformDistribution;
import stress.workload.WorkloadFile;

/**
 * One parameter set of a workload-file operation, in ns: every generator drawn once and every placeholder value
 * made, as an execution does before it binds (no SQL is sent). {@code builtin_key} is the built-ins' own key choice,
 * the yardstick; {@code key}, {@code int}, {@code date}, {@code choice} and {@code sample} are one parameter of that
 * kind in a SQL operation; {@code mongo_filter} is a MongoDB-style find whose two parameters (a sampled value and a
 * date) become a jsonpath text and a timestamptz per execution. The translation itself happened once, in setup,
 * when the file was read. The sampled values (1,000 distinct) are read from an embedded PostgreSQL in setup.
 * Run: {@code java -jar target/benchmarks.jar ParameterGeneration -f 1 -wi 2 -i 3 -w 1s -r 2s}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Thread)
public class ParameterGenerationBenchmark {
  private static final int DOCS = 20_000;
  private static final DocumentTable TABLE = new DocumentTable(null, "params_bench", IdType.INTEGER);

  @Param({"builtin_key", "key", "int", "date", "choice", "sample", "mongo_filter"})
  public String kind;

  private OperationSession session;
  private ParameterGenerator[] generators;
  private PlaceholderValue[] made;

  @Setup(Level.Trial)
  public void prepare(EmbeddedServer server) throws IOException, SQLException {
    Path file = Files.createTempFile("params", ".yaml");
    Files.writeString(file, """
        operations:
          key: {sql: "SELECT _id, data FROM {table} WHERE _id = :p", params: {p: key}}
          int: {sql: "SELECT _id, data FROM {table} WHERE _id = :p", params: {p: {int: [1, 20000]}}}
          date: {sql: "SELECT CAST(:p AS timestamptz)", params: {p: {date: ["2020-01-01T00:00:00Z", "2024-12-31T00:00:00Z"]}}}
          choice: {sql: "SELECT :p", params: {p: {choice: [a, b, c, d, e, f, g, h]}}}
          sample: {sql: "SELECT :p", params: {p: {sample: city, cap: 1000}}}
          mongo_filter:
            find: {filter: {city: ":c", at: {$gte: ":since"}}, limit: 10}
            params:
              c: {sample: city, cap: 1000}
              since: {date: ["2020-01-01T00:00:00Z", "2024-12-31T00:00:00Z"]}
        """);
    KeyChooser keys = new KeyChooser(new DenseIntegerKeys(1, DOCS, true), new UniformDistribution(DOCS));
    session = new OperationSession(StatementMode.parse("prepared"), true, keys, new SplittableRandom(42), 1000);
    if (kind.equals("builtin_key")) {
      generators = new ParameterGenerator[] {OperationSession::nextKey};
      made = new PlaceholderValue[0];
      return;
    }
    WorkloadOperation op = (WorkloadOperation) WorkloadFile.load(file).operations().get(kind);
    try (Connection c = java.sql.DriverManager.getConnection(server.spec(PreferQueryMode.EXTENDED).url(), "postgres", "");
         Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS params_bench");
      st.execute("CREATE TABLE params_bench (_id integer PRIMARY KEY, data jsonb)");
      st.execute("INSERT INTO params_bench SELECT i, jsonb_build_object('_id', i, 'city', 'city-' || (i % 1000))"
          + " FROM generate_series(1, " + DOCS + ") i");
      op.readSamples(c, TABLE);
    }
    generators = op.generators().toArray(ParameterGenerator[]::new);
    made = op.computed()[0] == null ? new PlaceholderValue[0] : op.computed()[0];
  }

  @Benchmark
  public void oneParameterSet(Blackhole bh) {
    Object[] drawn = new Object[generators.length];
    for (int i = 0; i < drawn.length; i++) {
      drawn[i] = generators[i].next(session);
    }
    for (PlaceholderValue m : made) {
      bh.consume(m.of(drawn));
    }
    bh.consume(drawn);
  }
}
