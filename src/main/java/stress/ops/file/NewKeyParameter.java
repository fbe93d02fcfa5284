package stress.ops.file;

import stress.keys.NewKeyStream;
import stress.keys.NewKeys;
import stress.ops.NewDocuments;
import stress.ops.OperationSession;
import stress.ops.SessionLocal;

/**
 * A workload parameter {@code new_key}: keys no row has yet, from the run's new keys (above the table's
 * largest _id, this --instance's share), handed to each worker in blocks like the built-in inserts.
 * Declared in the file before the run knows its keys, so {@link #bound} makes the generator that runs.
 */
public final class NewKeyParameter implements ParameterGenerator {

  /** The generator for this run's new keys: one stream per worker, bound as the column's Integer or Long. */
  static ParameterGenerator bound(NewKeys keys) {
    if (keys.objectIds()) {
      return session -> ObjectIdText.next();
    }
    SessionLocal<NewKeyStream> streams = new SessionLocal<>(() -> keys.stream(NewDocuments.KEY_BLOCK));
    if (keys.asInt()) {
      return session -> (int) streams.get(session).next();
    }
    return session -> streams.get(session).next();
  }

  @Override
  public Object next(OperationSession session) {
    throw new IllegalStateException("new_key is only drawn after the operation is bound to a run's new keys");
  }
}
