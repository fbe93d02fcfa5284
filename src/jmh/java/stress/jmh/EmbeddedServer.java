package stress.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import stress.connect.ConnectionSpec;
import stress.connect.DriverSettings;
import stress.model.PreferQueryMode;
import stress.connect.embedded.EmbeddedDatabase;

/**
 * One embedded PostgreSQL 18 per trial (per fork and parameter combination), on localhost, with the settings of
 * {@link EmbeddedDatabase#DEFAULT_SETTINGS} (fsync and synchronous_commit on). Started before the trial's first
 * iteration and removed after its last one, so no measurement includes its start.
 */
@State(Scope.Benchmark)
public class EmbeddedServer {
  private EmbeddedDatabase database;

  @Setup(Level.Trial)
  public void start() {
    database = EmbeddedDatabase.start();
  }

  @TearDown(Level.Trial)
  public void stop() {
    if (database != null) {
      database.close();
      database = null;
    }
  }

  /** Database postgres as user postgres with the tool's default driver settings and this query mode. */
  public ConnectionSpec spec(PreferQueryMode queryMode) {
    return database.spec(new DriverSettings(10, 0, 0, 5, queryMode, null));
  }
}
