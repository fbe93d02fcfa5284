package stress.metrics;

import java.util.Objects;

/**
 * One distinct message among the failures of an SQLState, and how many failures had it.
 *
 * @param message the failure's message as the driver gave it
 * @param count   how many failures had exactly this message
 */
public record ErrorMessage(String message, long count) {
  public ErrorMessage {
    Objects.requireNonNull(message, "message");
    if (count < 0) {
      throw new IllegalArgumentException("message count must be 0 or more, got " + count);
    }
  }
}
