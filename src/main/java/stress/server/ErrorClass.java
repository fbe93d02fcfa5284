package stress.server;

/** What a failed statement means for a run; see {@link SqlStates#classify(java.sql.SQLException)}. */
public enum ErrorClass {
  /** The connection is gone or could not be made (class 08, server shutdown, I/O failure). */
  CONNECTION,
  /** The transaction lost a race and may be retried (serialization failure, deadlock). */
  SERIALIZATION,
  /** The statement was cancelled, usually by statement_timeout. */
  TIMEOUT,
  /** The table does not exist (load first, or a wrong name). */
  UNDEFINED_TABLE,
  /** Anything else. */
  OTHER
}
