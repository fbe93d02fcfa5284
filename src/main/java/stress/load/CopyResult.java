package stress.load;

/**
 * What one {@link CopyLoader#load} call committed.
 *
 * @param rows    rows loaded
 * @param bytes   bytes of COPY data sent (UTF-8 text of keys and documents, with separators and escapes)
 * @param batches COPY statements committed
 */
public record CopyResult(long rows, long bytes, int batches) {}
