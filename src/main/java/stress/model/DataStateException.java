package stress.model;

/**
 * What the databases hold or answer stops a command: a table, a collection or documents it needs are not there, or
 * nothing the servers answered can be compared. The input may be right on another database, so this is a runtime
 * failure (exit 1), not bad input ({@link UsageException}, exit 2). Its message is the one line shown.
 */
public class DataStateException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public DataStateException(String message) {
    super(message);
  }
}
