package stress.load.importer;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import stress.model.UsageException;

/**
 * What happens to a document whose {@code _id} is already in the table (loaded from an earlier document of the
 * same collection, or present before a {@code --reuse} import). Every document still ends up loaded or in the
 * rejects file; the policies differ in which and in what the exit code says.
 */
public enum DuplicatePolicy {
  /** The later document goes to the rejects file as a rejection, and the import exits with 3. The default. */
  REJECT,
  /**
   * The later document goes to the rejects file marked as skipped, the row stays as it was, and skipped
   * duplicates alone do not make the exit code non-zero.
   */
  SKIP,
  /** The later document replaces the row's {@code data}; it counts as loaded (and as an update). */
  UPDATE;

  /** The policy for an option value ({@code reject}, {@code skip}, {@code update}, any case). */
  public static DuplicatePolicy parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException("--on-duplicate must be one of " + names() + ", got '" + name + "'");
    }
  }

  static String names() {
    return Arrays.stream(values()).map(v -> v.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
  }
}
