package stress.load.importer;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import stress.dump.document.DocumentConverter;
import stress.dump.DumpCollection;
import stress.load.importer.progress.CollectionResult;
import stress.table.DocumentTable;

/**
 * The state of one collection during an import, shared by its reader and the load streams: the table and
 * converter (set once by the reader before its first batch), the counters, and how it ended.
 */
final class CollectionRun {
  final DumpCollection collection;
  final String tableName;
  final long expectedBytes;

  private volatile DocumentTable table;
  private volatile DocumentConverter converter;
  private volatile String idChoice = "";
  /** The layout asked for its table (by {@code _id} when none was), and the line the summary tells about it. */
  volatile stress.table.Layout layout = stress.table.Layout.ID;
  volatile boolean layoutGiven;
  volatile String layoutSummary;

  final LongAdder read = new LongAdder();
  final LongAdder loaded = new LongAdder();
  final LongAdder rejected = new LongAdder();
  final LongAdder skipped = new LongAdder();
  final LongAdder updated = new LongAdder();
  final LongAdder repeatedFields = new LongAdder();
  final LongAdder failed = new LongAdder();
  final LongAdder bytes = new LongAdder();
  private volatile long earlierDocs;
  private volatile long earlierBytes;

  private final AtomicInteger pendingBatches = new AtomicInteger();
  private volatile boolean readerDone;
  private volatile long loadStartNanos;
  private volatile long lastCommitNanos;
  private CollectionResult.Status status = CollectionResult.Status.LOADED;
  private String message;
  private final AtomicBoolean reported = new AtomicBoolean();

  CollectionRun(DumpCollection collection, String tableName, long expectedBytes) {
    this.collection = collection;
    this.tableName = tableName;
    this.expectedBytes = expectedBytes;
  }

  /** The collection's data file, or archive and namespace: the key of its checkpoints. */
  String source() {
    return collection.location();
  }

  void ready(DocumentTable preparedTable, DocumentConverter documentConverter, String choice) {
    this.table = preparedTable;
    this.converter = documentConverter;
    this.idChoice = choice;
  }

  DocumentTable table() {
    return table;
  }

  DocumentConverter converter() {
    return converter;
  }

  /** Counts what earlier runs committed, from their checkpoints. */
  void countEarlier(List<ProgressTable.Checkpoint> checkpoints) {
    long docs = 0;
    long size = 0;
    for (ProgressTable.Checkpoint c : checkpoints) {
      read.add(c.documents());
      loaded.add(c.loaded());
      rejected.add(c.rejected());
      skipped.add(c.skipped());
      updated.add(c.updated());
      bytes.add(c.bytes());
      docs += c.documents();
      size += c.bytes();
    }
    earlierDocs = docs;
    earlierBytes = size;
  }

  long earlierDocs() {
    return earlierDocs;
  }

  long earlierBytes() {
    return earlierBytes;
  }

  void loadingStarts() {
    loadStartNanos = System.nanoTime();
  }

  void batchQueued() {
    pendingBatches.incrementAndGet();
  }

  /** A queued batch was committed, failed or dropped. */
  void batchFinished(boolean committed) {
    if (committed) {
      lastCommitNanos = System.nanoTime();
    }
    pendingBatches.decrementAndGet();
  }

  void readerFinished() {
    readerDone = true;
  }

  /** True once the reader is done and every batch it queued is finished. */
  boolean done() {
    return readerDone && pendingBatches.get() == 0;
  }

  /** True the first time it is asked after {@link #done()}: the collection's result is reported once. */
  boolean claimReport() {
    return done() && reported.compareAndSet(false, true);
  }

  /**
   * Records how the collection ends early. The most serious reason wins (failed over interrupted over stopped at
   * corrupt input); the first message of that kind is kept.
   */
  synchronized void end(CollectionResult.Status newStatus, String why) {
    if (rank(newStatus) > rank(status)) {
      status = newStatus;
      message = why;
    }
  }

  private static int rank(CollectionResult.Status s) {
    return switch (s) {
      case LOADED -> 0;
      case STOPPED -> 1;
      case INTERRUPTED -> 2;
      case FAILED -> 3;
    };
  }

  synchronized boolean failed() {
    return status == CollectionResult.Status.FAILED;
  }

  synchronized CollectionResult result() {
    double seconds = loadStartNanos == 0 || lastCommitNanos == 0 ? 0 : (lastCommitNanos - loadStartNanos) / 1e9;
    DocumentTable t = table;
    return new CollectionResult(collection.namespace(), collection.location(), t == null ? null : t.displayName(),
        t == null ? null : t.idType(), idChoice, read.sum(), loaded.sum(), rejected.sum(), skipped.sum(),
        updated.sum(), repeatedFields.sum(), failed.sum(), bytes.sum(), seconds, earlierDocs, status, message);
  }
}
