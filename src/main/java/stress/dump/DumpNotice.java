package stress.dump;

import java.util.Objects;

/**
 * Something the scanner decided on purpose and wants the user to know: a view or system collection
 * skipped, an empty collection, an ignored file, a name taken from metadata, unreadable metadata.
 *
 * @param severity how much it matters
 * @param subject  the file, directory or namespace concerned
 * @param message  one line saying what was found and what was done
 */
public record DumpNotice(Severity severity, String subject, String message) {
  /** How much a notice matters. */
  public enum Severity {
    /** Expected in real dumps; nothing is lost (views, system collections, empty collections, prelude). */
    INFO,
    /** Odd input that was worked around (stray files, names that look truncated). */
    WARNING,
    /** Corrupt input that was worked around (invalid metadata JSON, archive framing lost part way). */
    ERROR
  }

  public DumpNotice {
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return severity + " " + subject + ": " + message;
  }
}
