package stress.server.settings;

import java.util.Objects;
import stress.model.UsageException;

/**
 * A setting the user asked for with {@code --set name=value}.
 *
 * @param name  the setting's name as given (matched case-insensitively, as the server does)
 * @param value the value as given; may be empty
 */
public record SessionSetting(String name, String value) {

  public SessionSetting {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    if (name.isBlank()) {
      throw new UsageException("--set needs a setting name before '=', got '" + name + "=" + value + "'");
    }
    if (name.indexOf('\0') >= 0 || value.indexOf('\0') >= 0) {
      throw new UsageException("--set " + name.replace('\0', '?') + ": a setting cannot contain a NUL character");
    }
  }

  /** Parses {@code name=value}; the value is everything after the first {@code =} and may contain more. */
  public static SessionSetting parse(String text) {
    int eq = text.indexOf('=');
    if (eq < 0) {
      throw new UsageException("--set '" + text + "' must have the form name=value");
    }
    return new SessionSetting(text.substring(0, eq).strip(), text.substring(eq + 1));
  }

  @Override
  public String toString() {
    return name + "=" + value;
  }
}
