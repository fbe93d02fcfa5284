package stress.keys;

import java.util.List;
import stress.model.UsageException;

/** Keys read from the table itself, for tables whose keys are not a gap-free integer range. */
public final class SampledKeys implements KeySpace {
  private final Object[] keys;
  private final long tableRows;
  private final String why;

  /**
   * @param keys      a sample of keys that exist (not empty), or all of them
   * @param tableRows how many rows the table had when sampled, for reports
   * @param why       why the keys are read rather than computed ({@code the _ids have gaps: ...}), for reports
   */
  public SampledKeys(List<?> keys, long tableRows, String why) {
    if (keys.isEmpty()) {
      throw new UsageException("no keys to sample from: the table is empty");
    }
    this.keys = keys.toArray();
    this.tableRows = tableRows;
    this.why = why;
  }

  @Override
  public long size() {
    return keys.length;
  }

  @Override
  public Object key(long index) {
    return keys[(int) index];
  }

  /** Says whether the operations see every key or a sample, and why the keys were read from the table. */
  @Override
  public String describe() {
    return keys.length < tableRows
        ? "a sample of " + keys.length + " of " + tableRows + " _ids (" + why + "; only the sampled ones are asked"
            + " for, --key-sample N keeps more)"
        : "all " + keys.length + " _ids, read from the table (" + why + ")";
  }
}
