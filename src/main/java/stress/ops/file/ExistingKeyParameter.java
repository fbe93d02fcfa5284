package stress.ops.file;

import stress.ops.OperationSession;

/**
 * A parameter declared {@code key}: one of the table's existing keys, chosen by the session. A class of its own so that
 * what sends the same draw to another server (a MongoDB collection) knows which values are keys.
 */
public final class ExistingKeyParameter implements ParameterGenerator {
  @Override
  public Object next(OperationSession session) {
    return session.nextKey();
  }
}
