package stress.workload;

import stress.model.UsageException;

/** A problem at one line of a workload file; the loader adds the file name. */
final class WorkloadFileException extends UsageException {
  private final int line;

  WorkloadFileException(int line, String message) {
    super(message);
    this.line = line;
  }

  int line() {
    return line;
  }
}
