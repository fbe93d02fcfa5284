package stress.fleet;

/** An instance of a run that cannot go on with the others (one missing, one failed): one line, exit 1. */
public final class FleetException extends RuntimeException {
  public FleetException(String message) {
    super(message);
  }
}
