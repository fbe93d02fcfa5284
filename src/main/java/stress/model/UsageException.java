package stress.model;

/**
 * Bad input from the user: an option, a file or a value that breaks a rule. Its message is the one line shown,
 * naming the thing and the rule, and the command line exits with the usage code. Any other
 * {@link IllegalArgumentException} is a broken contract inside the program and exits as an internal failure.
 */
public class UsageException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public UsageException(String message) {
    super(message);
  }

  public UsageException(String message, Throwable cause) {
    super(message, cause);
  }
}
