package stress.config;

import java.util.Objects;
import stress.model.Shape;
import stress.model.Instance;

/**
 * How {@code insert}, {@code insert_batch} and {@code copy} make their rows ({@code --batch} sets the rows
 * per statement, as for find_in).
 *
 * @param shape        the generated documents' shape (--shape)
 * @param instance     this process's share of the new keys (--instance i/n)
 * @param groupByShard put all rows of one multi-row statement into one shard (--group-by-shard, Citus only)
 */
public record InsertSettings(Shape shape, Instance instance, boolean groupByShard) {
  /** Small documents, one instance, rows not grouped. */
  public static final InsertSettings DEFAULT = new InsertSettings(Shape.SMALL, Instance.SOLE, false);

  public InsertSettings {
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(instance, "instance");
  }
}
