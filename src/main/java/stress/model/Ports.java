package stress.model;

/**
 * The one reading of a TCP port number, shared by {@code --hosts}, {@code -p}/{@code PGPORT} and the hosts of a
 * JDBC URL; each caller names its own option in the message.
 */
public final class Ports {
  /** libpq's and pgjdbc's port when none is given. */
  public static final int DEFAULT = 5432;

  private Ports() {}

  /** The port {@code text} names, or -1 when it is not a whole number from 1 to 65535. */
  public static int parse(String text) {
    try {
      int port = Integer.parseInt(text);
      return port >= 1 && port <= 65535 ? port : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
