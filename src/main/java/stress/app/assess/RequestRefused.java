package stress.app.assess;

import stress.model.UsageException;

/**
 * The assessment's request refused by a step, as bad input (exit 2): a log with no usable operation, a dump and a log
 * of different applications. A refusal by a command a step runs (a run, an index, an explain) is that step's failure
 * instead: the request was sound, the step could not do its part.
 */
final class RequestRefused extends UsageException {
  private static final long serialVersionUID = 1L;

  RequestRefused(String message) {
    super(message);
  }
}
