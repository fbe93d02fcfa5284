package stress.keys;

/**
 * Integer keys min..max with no gaps: sampled directly, no key list in memory.
 *
 * @param min   smallest key
 * @param max   largest key
 * @param asInt whether keys are bound as Integer (an integer column) rather than Long (bigint)
 */
public record DenseIntegerKeys(long min, long max, boolean asInt) implements KeySpace {

  public DenseIntegerKeys {
    if (max < min) {
      throw new IllegalArgumentException("empty key range " + min + ".." + max);
    }
    if (asInt && (min < Integer.MIN_VALUE || max > Integer.MAX_VALUE)) {
      throw new IllegalArgumentException("key range " + min + ".." + max + " does not fit an integer column");
    }
  }

  @Override
  public long size() {
    return max - min + 1;
  }

  @Override
  public Object key(long index) {
    long k = min + index;
    return asInt ? (Object) (int) k : (Object) k;
  }

  @Override
  public String describe() {
    return "dense integer range " + min + ".." + max;
  }
}
