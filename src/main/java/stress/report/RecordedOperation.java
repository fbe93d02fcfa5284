package stress.report;

import java.util.Objects;
import stress.model.MongoRecorded;

/**
 * One operation of the run whose workload file says what MongoDB recorded for it, with how this target plans it
 * (read once before measuring, as {@code run --explain} does).
 *
 * @param operation  the operation's name
 * @param mongodb    what MongoDB recorded
 * @param plan       the indexes this target's plan reads and the tables it reads whole, or why the plan was not read
 * @param readsIndex whether that plan reads an index
 * @param wholeTable whether it reads a table without one
 * @param route      where the statement goes on a cluster ({@code one: 1 of 32 shards}), or null on one server
 * @param note       what to look at (MongoDB read an index where this target reads the whole table), or empty
 */
public record RecordedOperation(String operation, MongoRecorded mongodb, String plan, boolean readsIndex,
                                boolean wholeTable, String route, String note) {
  public RecordedOperation {
    Objects.requireNonNull(operation, "operation");
    Objects.requireNonNull(mongodb, "mongodb");
    Objects.requireNonNull(plan, "plan");
    note = note == null ? "" : note;
  }

  /** The same with a note. */
  public RecordedOperation withNote(String text) {
    return new RecordedOperation(operation, mongodb, plan, readsIndex, wholeTable, route, text);
  }

  /** MongoDB read an index for it, and this target reads a whole table instead. */
  public boolean lostItsIndex() {
    return mongodb.readsIndex() && wholeTable && !readsIndex;
  }
}
