package stress.ops.file;

import stress.ops.OperationSession;

/**
 * Makes one parameter value per execution of a workload-file operation. Implementations are immutable and
 * shared by all workers; they draw from the session's random source only, so a --seed repeats them.
 */
@FunctionalInterface
public interface ParameterGenerator {

  /** The next value, bound-ready (Integer, Long, Double, String, ...). */
  Object next(OperationSession session);
}
