package stress.load.importer;

import java.util.List;

/**
 * Documents of one collection committed together: a contiguous run of its document indexes. A batch is queued for
 * loading while it is still being converted ({@link BatchItems}); what depends on all of its items waits for the
 * conversion's end.
 */
final class Batch {
  private final CollectionRun run;
  private final BatchItems items;
  private final long firstIndex;
  private final boolean framedEndOfStream;
  private final String framedStopReason;

  /**
   * @param run               the collection
   * @param items             its converted documents and rejections, in read order, as they are converted
   * @param firstIndex        the index of its first document
   * @param framedEndOfStream true when the reader framed the collection's last document (or where reading stopped)
   *                          into it
   * @param framedStopReason  why reading stopped at corrupt input after it, or null
   */
  Batch(CollectionRun run, BatchItems items, long firstIndex, boolean framedEndOfStream, String framedStopReason) {
    this.run = run;
    this.items = items;
    this.firstIndex = firstIndex;
    this.framedEndOfStream = framedEndOfStream;
    this.framedStopReason = framedStopReason;
  }

  CollectionRun run() {
    return run;
  }

  /** The items as they are converted: for the load stream that sends them while the rest are converted. */
  BatchItems streamed() {
    return items;
  }

  /** All the items, in read order, once converted. */
  List<BatchItem> items() {
    return items.all();
  }

  /** The BSON bytes of its items, once converted. */
  long bytes() {
    return items.bytes();
  }

  /** True when the batch holds the collection's last document, or where reading stopped (framing or conversion). */
  boolean endOfStream() {
    return framedEndOfStream || items.abortReason() != null;
  }

  /** Why reading stopped at corrupt input after this batch (framing, or its conversion under --on-error abort). */
  String stopReason() {
    String abort = items.abortReason();
    return abort != null ? abort : framedStopReason;
  }

  long firstIndex() {
    return firstIndex;
  }

  long lastIndex() {
    List<BatchItem> all = items();
    return all.get(all.size() - 1).index();
  }
}
