package stress.load.importer;

import java.util.List;

/**
 * Documents of one collection committed together: a contiguous run of its document indexes.
 *
 * @param run         the collection
 * @param items       converted documents and rejections, in read order
 * @param bytes       their BSON bytes
 * @param endOfStream true when the batch holds the collection's last document (or where reading stopped)
 * @param stopReason  why reading stopped at corrupt input after this batch, or null
 */
record Batch(CollectionRun run, List<BatchItem> items, long bytes, boolean endOfStream, String stopReason) {
  Batch {
    items = List.copyOf(items);
    if (items.isEmpty()) {
      throw new IllegalArgumentException("a batch holds at least one document");
    }
  }

  long firstIndex() {
    return items.get(0).index();
  }

  long lastIndex() {
    return items.get(items.size() - 1).index();
  }
}
