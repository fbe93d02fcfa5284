package stress.dump;

/**
 * A file given as a dump that is none of the kinds read (no archive magic number, not JSON): nothing in it can be
 * read. {@link DumpScanner} turns it into bad input, as it does a path that is not there.
 */
final class NotADumpException extends DumpFormatException {
  private static final long serialVersionUID = 1L;

  private final String reason;

  NotADumpException(String source, String reason) {
    super(source, 0, reason);
    this.reason = reason;
  }

  /** The file and why it is no dump, without the byte offset (always 0). */
  String line() {
    return source() + ": " + reason;
  }
}
