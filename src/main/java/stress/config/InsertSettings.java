package stress.config;

import stress.model.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * @param tablePerThread per phase dimension: false = all workers insert into the run's table, true = each into
 *                       its own (--table-per-thread no,yes runs both as phases)
 * @param unlogged     the tables of --table-per-thread are UNLOGGED (--unlogged)
 */
public record InsertSettings(Shape shape, Instance instance, boolean groupByShard, List<Boolean> tablePerThread,
                             boolean unlogged) {
  /** Small documents, one instance, rows not grouped. */
  public static final InsertSettings DEFAULT = new InsertSettings(Shape.SMALL, Instance.SOLE, false);

  /** Workers sharing the run's table. */
  public InsertSettings(Shape shape, Instance instance, boolean groupByShard) {
    this(shape, instance, groupByShard, List.of(false), false);
  }

  public InsertSettings {
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(instance, "instance");
    tablePerThread = List.copyOf(tablePerThread);
    if (tablePerThread.isEmpty() || tablePerThread.stream().distinct().count() != tablePerThread.size()) {
      throw new UsageException("--table-per-thread must be no, yes or no,yes; got " + tablePerThread);
    }
  }

  /** True when some phase gives each worker its own table. */
  public boolean anyTablePerThread() {
    return tablePerThread.contains(true);
  }

  /**
   * {@code no}, {@code yes} or {@code no,yes} from the command line or a config file (YAML may have made
   * booleans of them: {@code false}, {@code true}).
   */
  public static List<Boolean> parseTablePerThread(String text) {
    List<Boolean> values = new ArrayList<>();
    for (String part : text.split(",")) {
      String v = part.strip().toLowerCase(Locale.ROOT);
      if (v.equals("yes") || v.equals("true")) {
        values.add(true);
      } else if (v.equals("no") || v.equals("false")) {
        values.add(false);
      } else {
        throw new UsageException("--table-per-thread must be no, yes or no,yes (each value a phase), got '"
            + text + "'");
      }
    }
    return values;
  }
}
