package stress.load;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where loading gets its connections; the caller closes each one it gets. {@code connectionSource::connection}
 * of a {@link stress.connect.ConnectionSource} fits, and so does a lambda around {@code DriverManager}.
 */
@FunctionalInterface
public interface ConnectionSupplier {

  /** A connection of its own for one load stream. */
  Connection get() throws SQLException;
}
