package stress.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The two document shapes of the seed experiments: {@link #SMALL} check-in records of about 43 bytes of
 * BSON and {@link #LARGE} order documents of about 3 KiB.
 */
public enum Shape {
  /** Check-in records: int {@code _id}, user id, geohash location, unix time; about 43 bytes of BSON. */
  SMALL("small", 43),
  /** Orders with customer, shipping, payment, items and history; about 3 KiB of BSON. */
  LARGE("large", 3072);

  private final String label;
  private final int averageBsonBytes;

  Shape(String label, int averageBsonBytes) {
    this.label = label;
    this.averageBsonBytes = averageBsonBytes;
  }

  /** The name as users type it. */
  public String label() {
    return label;
  }

  /** The average BSON size the shape is built to (for ids that fit in an int32). */
  public int averageBsonBytes() {
    return averageBsonBytes;
  }

  /** Maps "small" or "large" (any case) to a shape; anything else is an error listing the valid names. */
  public static Shape parse(String name) {
    if (name != null) {
      String wanted = name.trim().toLowerCase(Locale.ROOT);
      for (Shape shape : values()) {
        if (shape.label.equals(wanted)) {
          return shape;
        }
      }
    }
    throw new UsageException("unknown document shape '" + name + "'; valid: "
        + Arrays.stream(values()).map(Shape::label).collect(Collectors.joining(", ")));
  }
}
