package stress.keys;

/**
 * One worker's new keys, drawn from {@link NewKeys} a block at a time so the shared counter is touched once
 * per block, not once per row. Not thread-safe: each worker owns one.
 */
public final class NewKeyStream {
  private final NewKeys keys;
  private final int blockSize;
  private long next;
  private long step;
  private int left;

  NewKeyStream(NewKeys keys, int blockSize) {
    if (blockSize < 1) {
      throw new IllegalArgumentException("a block of new keys must hold at least 1 key, got " + blockSize);
    }
    this.keys = keys;
    this.blockSize = blockSize;
  }

  /**
   * The next key no row has.
   *
   * @throws IllegalStateException when the {@code _id} type has no key left
   */
  public long next() {
    if (left == 0) {
      NewKeys.Block block = keys.reserve(blockSize);
      next = block.first();
      step = block.step();
      left = block.count();
    }
    left--;
    long key = next;
    if (left > 0) {
      next += step;
    }
    return key;
  }

  /** Fills {@code into} with new keys. */
  public void fill(long[] into) {
    for (int i = 0; i < into.length; i++) {
      into[i] = next();
    }
  }
}
