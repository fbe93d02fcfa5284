package stress.connect;

import java.util.List;
import java.util.Objects;

/**
 * What {@link ConnectionResolver} made of the options and the environment.
 *
 * @param spec           the connection to open (no init statements yet: they depend on the target)
 * @param passwordSource where the password came from, for reports: {@code --url}, {@code PGPASSWORD},
 *                       {@code password file <path>} or {@code none}; never the password itself
 * @param warnings       things the user should hear about (an ignored password file, ...), for the caller to print
 */
public record ResolvedConnection(ConnectionSpec spec, String passwordSource, List<String> warnings) {
  public ResolvedConnection {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(passwordSource, "passwordSource");
    warnings = List.copyOf(warnings);
  }
}
