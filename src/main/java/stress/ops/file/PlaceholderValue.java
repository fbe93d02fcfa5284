package stress.ops.file;

/**
 * Makes the value of one {@code ?} of a workload-file statement from the parameter values drawn for the execution,
 * when it is not simply one of them: a MongoDB-style filter binds a jsonpath text built around a value, an insert
 * binds a document built from several. Built once when the file is read; called per execution.
 */
@FunctionalInterface
public interface PlaceholderValue {

  /** The value to bind, from the values drawn for this execution (indexed as the operation's generators). */
  Object of(Object[] drawn);
}
