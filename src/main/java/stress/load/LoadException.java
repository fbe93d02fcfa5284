package stress.load;

/**
 * A load or table setup that cannot go on for a reason the user can act on (a table already exists, a table
 * does not have the document-table shape, a document jsonb cannot store). The message is one line meant for
 * the user; the command line turns this into exit code 1.
 */
public final class LoadException extends RuntimeException {

  public LoadException(String message) {
    super(message);
  }

  public LoadException(String message, Throwable cause) {
    super(message, cause);
  }
}
