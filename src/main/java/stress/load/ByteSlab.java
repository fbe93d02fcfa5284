package stress.load;

/**
 * Packs many small byte sequences into a few large arrays, to be kept together and dropped together (the documents
 * and rows of one import batch). A few large arrays instead of one small array per document keep the garbage
 * collector from copying every kept document from one young collection to the next: arrays of a megabyte or more
 * are placed once (G1 allocates them as humongous objects) and freed at once. Not thread-safe.
 */
public final class ByteSlab {
  private final int chunkSize;
  private byte[] chunk;
  private int used;

  /** A slab that allocates arrays of {@code chunkSize} bytes, or larger for a sequence that needs more. */
  public ByteSlab(int chunkSize) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunk size must be positive, got " + chunkSize);
    }
    this.chunkSize = chunkSize;
  }

  /**
   * Copies {@code length} bytes of {@code source} from {@code from} into the slab and returns where they went: in
   * {@link #array()} (until the next call) at the returned offset.
   */
  public int add(byte[] source, int from, int length) {
    if (chunk == null || chunk.length - used < length) {
      chunk = new byte[Math.max(chunkSize, length)];
      used = 0;
    }
    int at = used;
    System.arraycopy(source, from, chunk, at, length);
    used += length;
    return at;
  }

  /** The array the last {@link #add} wrote into. */
  public byte[] array() {
    return chunk;
  }
}
