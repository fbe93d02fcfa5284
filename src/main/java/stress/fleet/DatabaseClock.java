package stress.fleet;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * The database's clock as seen from this host: instances on several machines agree on instants of the database's
 * clock, so their own clocks need not agree. The offset is taken from the quickest of a few round trips (the
 * database read its clock within that round trip; the error is at most half of it).
 *
 * @param offsetNanos the database's clock minus this host's
 * @param errorNanos  half the quickest round trip
 */
record DatabaseClock(long offsetNanos, long errorNanos) {
  private static final int SAMPLES = 5;

  static DatabaseClock measure(Connection c) throws SQLException {
    long bestRoundTrip = Long.MAX_VALUE;
    long offset = 0;
    try (PreparedStatement ps = c.prepareStatement("SELECT clock_timestamp()")) {
      for (int i = 0; i < SAMPLES; i++) {
        long before = epochNanos(Instant.now());
        long started = System.nanoTime();
        Instant db;
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          db = rs.getObject(1, OffsetDateTime.class).toInstant();
        }
        long roundTrip = System.nanoTime() - started;
        if (roundTrip < bestRoundTrip) {
          bestRoundTrip = roundTrip;
          offset = epochNanos(db) - (before + roundTrip / 2);
        }
      }
    }
    return new DatabaseClock(offset, bestRoundTrip / 2);
  }

  /** An instant of this host's clock (ns since the epoch) as the database's. */
  OffsetDateTime toDatabase(long localEpochNanos) {
    return OffsetDateTime.ofInstant(Instant.ofEpochSecond(0, localEpochNanos + offsetNanos), ZoneOffset.UTC);
  }

  /** An instant of the database's clock as this host's. */
  Instant toLocal(Instant database) {
    return Instant.ofEpochSecond(0, epochNanos(database) - offsetNanos);
  }

  static long epochNanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }
}
