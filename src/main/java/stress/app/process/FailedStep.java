package stress.app.process;

import com.mongodb.MongoException;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Names a failure by the step of the command it ended and the server it came from, once, before its own message:
 * {@code phase 2/4 (mode=plain pool=none threads=2, measuring, on postgresql jdbc:postgresql://127.0.0.1:5432/db):
 * This connection has been closed.} Only what a server or its driver reported is named (an {@link SQLException}, a
 * {@link MongoException}): such a message says what went wrong, never where. The tool's own verdicts (bad usage, a
 * table not there) name their subject already and pass unchanged, as does anything already named. The named failure
 * keeps the kind of the original (an SQLException stays one, with its SQLState), so exit codes do not change.
 */
public final class FailedStep {
  private FailedStep() {}

  /**
   * A step of a command and the servers it works on.
   *
   * @param name       the step: {@code set-up}, {@code the answer check}, {@code phase 2/4}, {@code results}
   * @param detail     what within the step (a phase's combination and stage), or null
   * @param postgresql the PostgreSQL URL the step uses (never holding a password), or null
   * @param mongodb    the MongoDB target the step uses ({@code MongoTarget.describe()}: no password), or null
   */
  public record Step(String name, String detail, String postgresql, String mongodb) {
    /** The words put before the failure's message: the step, what within it, and the server the failure came from. */
    public String context(Throwable failure) {
      String server = failure instanceof MongoException ? (mongodb == null ? null : "mongodb " + mongodb)
          : postgresql == null ? null : "postgresql " + postgresql;
      if (detail == null && server == null) {
        return name;
      }
      return name + " (" + (detail == null ? "" : detail + (server == null ? "" : ", "))
          + (server == null ? "" : "on " + server) + ")";
    }

    /** The same step at another point within it. */
    public Step at(String otherDetail) {
      return new Step(name, otherDetail, postgresql, mongodb);
    }
  }

  /** {@code failure} named by {@code step}, or itself when it is not a server's or is named already. */
  public static SQLException named(Step step, SQLException failure) {
    if (isNamed(failure)) {
      return failure;
    }
    return new NamedSql(step.context(failure) + ": " + message(failure), failure);
  }

  /** {@code failure} named by {@code step} when it is MongoDB's driver's, else itself. */
  public static RuntimeException named(Step step, RuntimeException failure) {
    if (!(failure instanceof MongoException mongo) || isNamed(failure)) {
      return failure;
    }
    return new NamedMongo(step.context(failure) + ": " + message(failure), mongo);
  }

  /** Either of the above, whichever {@code failure} is; anything else as it is. */
  public static Throwable named(Step step, Throwable failure) {
    if (failure instanceof SQLException sql) {
      return named(step, sql);
    }
    return failure instanceof RuntimeException runtime ? named(step, runtime) : failure;
  }

  /**
   * Throws {@code failure}, which must be one of the kinds a run declares (or unchecked); declared to return so that a
   * caller can write {@code throw FailedStep.rethrow(e)} after naming it.
   */
  public static RuntimeException rethrow(Throwable failure) throws SQLException, IOException, InterruptedException {
    if (failure instanceof SQLException sql) {
      throw sql;
    }
    if (failure instanceof IOException io) {
      throw io;
    }
    if (failure instanceof InterruptedException interrupted) {
      throw interrupted;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    if (failure instanceof RuntimeException runtime) {
      throw runtime;
    }
    throw new IllegalStateException("a failure of an undeclared kind", failure);
  }

  /** Whether a step was named in {@code failure} or a failure it wraps: named once, not at each level it passes. */
  private static boolean isNamed(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof Named) {
        return true;
      }
    }
    return false;
  }

  private static String message(Throwable failure) {
    String message = failure.getMessage();
    return message == null || message.isBlank() ? failure.getClass().getSimpleName() : message;
  }

  /** Marks a failure whose message names its step. */
  private interface Named {}

  private static final class NamedSql extends SQLException implements Named {
    private static final long serialVersionUID = 1L;

    NamedSql(String message, SQLException cause) {
      super(message, cause.getSQLState(), cause.getErrorCode(), cause);
    }
  }

  private static final class NamedMongo extends MongoException implements Named {
    private static final long serialVersionUID = 1L;

    NamedMongo(String message, MongoException cause) {
      super(cause.getCode(), message, cause);
    }
  }
}
