package stress.load;

/**
 * When {@link CopyLoader} ends one COPY and commits: after {@code maxRows} rows or once {@code maxBytes} bytes
 * of COPY data have been sent, whichever comes first. Committing in batches keeps a huge load from running as
 * one giant transaction, and what was committed stays if a later batch fails.
 *
 * @param maxRows  rows per batch, at least 1
 * @param maxBytes bytes of COPY data per batch, at least 1 (a batch always holds at least one whole row)
 */
public record CopyBatching(long maxRows, long maxBytes) {
  /**
   * 50,000 rows or 8 MiB: small documents commit every 50,000 rows, large ones every ~2,500, which keeps
   * progress (counted in committed batches) moving about once a second per stream.
   */
  public static final CopyBatching DEFAULT = new CopyBatching(50_000, 8L << 20);

  public CopyBatching {
    if (maxRows < 1) {
      throw new IllegalArgumentException("COPY batch rows must be at least 1, got " + maxRows);
    }
    if (maxBytes < 1) {
      throw new IllegalArgumentException("COPY batch bytes must be at least 1, got " + maxBytes);
    }
  }
}
