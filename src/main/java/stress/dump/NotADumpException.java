package stress.dump;

/**
 * A file given as a dump that is none of the kinds read (no archive magic number, not JSON): nothing in it can be
 * read. The command line takes it for bad input (exit 2), as a path that is not there; readers of dumps see a
 * {@link DumpFormatException} as of any file they cannot read.
 */
public final class NotADumpException extends DumpFormatException implements stress.model.BadInput {
  private static final long serialVersionUID = 1L;

  private final String reason;

  NotADumpException(String source, String reason) {
    super(source, 0, reason);
    this.reason = reason;
  }

  /** The file and why it is no dump, without the byte offset (always 0). */
  public String line() {
    return source() + ": " + reason;
  }
}
