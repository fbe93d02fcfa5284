package stress.keys;

import java.util.List;
import stress.model.UsageException;

/** Keys read from the table itself, for tables whose keys are not a gap-free integer range. */
public final class SampledKeys implements KeySpace {
  private final Object[] keys;
  private final long tableRows;

  /**
   * @param keys      a sample of keys that exist (not empty)
   * @param tableRows how many rows the table had when sampled, for reports
   */
  public SampledKeys(List<?> keys, long tableRows) {
    if (keys.isEmpty()) {
      throw new UsageException("no keys to sample from: the table is empty");
    }
    this.keys = keys.toArray();
    this.tableRows = tableRows;
  }

  @Override
  public long size() {
    return keys.length;
  }

  @Override
  public Object key(long index) {
    return keys[(int) index];
  }

  @Override
  public String describe() {
    return "sample of " + keys.length + " keys out of " + tableRows + " rows";
  }
}
