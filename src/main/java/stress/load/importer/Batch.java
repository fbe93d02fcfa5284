package stress.load.importer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import stress.dump.DumpDocument;
import stress.dump.ReadItem;
import stress.load.EncodedRow;

/**
 * Documents of one collection committed together: a contiguous run of its document indexes.
 *
 * @param run         the collection
 * @param items       documents and rejections, in read order
 * @param rows        for each item, the row its document became (converted by the reader), or null for a rejection
 * @param bytes       their BSON bytes
 * @param endOfStream true when the batch holds the collection's last document (or where reading stopped)
 * @param stopReason  why reading stopped at corrupt input after this batch, or null
 */
record Batch(CollectionRun run, List<ReadItem> items, List<EncodedRow> rows, long bytes, boolean endOfStream,
             String stopReason) {
  Batch {
    items = List.copyOf(items);
    rows = Collections.unmodifiableList(new ArrayList<>(rows));
    if (items.isEmpty()) {
      throw new IllegalArgumentException("a batch holds at least one document");
    }
    if (rows.size() != items.size()) {
      throw new IllegalArgumentException("a batch has " + items.size() + " items but " + rows.size() + " rows");
    }
    for (int i = 0; i < items.size(); i++) {
      if ((items.get(i) instanceof DumpDocument) != (rows.get(i) != null)) {
        throw new IllegalArgumentException("item " + i + " of a batch: a row for each document, none for a rejection");
      }
    }
  }

  long firstIndex() {
    return items.get(0).index();
  }

  long lastIndex() {
    return items.get(items.size() - 1).index();
  }
}
