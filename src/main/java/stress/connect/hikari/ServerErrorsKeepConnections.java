package stress.connect.hikari;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import stress.connect.SessionErrors;

/**
 * Tells HikariCP which failed connections to evict: only those whose session really ended
 * ({@link SessionErrors#ended}). Left to itself HikariCP evicts on every class-08 SQLState and on 57P01, even
 * from an ERROR the server sent on a live session: with one Citus worker stopped, every statement on its shards
 * (08006 from the coordinator) cost the pool a connection, and refilling it starved the run (about 15 ops/s instead
 * of 2000 on the other worker's keys).
 */
public final class ServerErrorsKeepConnections implements SQLExceptionOverride {
  @java.lang.Override
  public SQLExceptionOverride.Override adjudicate(SQLException e) {
    return SessionErrors.ended(e) ? SQLExceptionOverride.Override.MUST_EVICT : SQLExceptionOverride.Override.DO_NOT_EVICT;
  }
}
