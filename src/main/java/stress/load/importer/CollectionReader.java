package stress.load.importer;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import stress.dump.DocumentStream;
import stress.dump.DumpFormatException;
import stress.dump.document.ReadItem;
import stress.load.ConnectionSupplier;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.server.dialect.Dialect;

/**
 * Reads one collection for an import: once {@link CollectionSetup} has set up its table and read the checkpoints of
 * earlier runs, frames the documents into batches, leaving out those earlier runs committed, has the conversion pool
 * convert them ({@link BatchConversion}) and queues them for loading in document order.
 */
final class CollectionReader {
  private static final long OFFER_WAIT_MILLIS = 100;

  private final ImportRequest request;
  private final CollectionSetup setup;
  private final ImportListener listener;
  private final BlockingQueue<Optional<Batch>> queue;
  private final BooleanSupplier stopping;
  /** Converts framed batches to COPY rows; shared by the readers. */
  private final ExecutorService conversions;
  private final int conversionThreads;
  private final boolean rampUp;

  CollectionReader(ImportRequest request, ConnectionSupplier connections, Dialect dialect, ProgressTable progress,
                   Object ddlLock, ImportListener listener, BlockingQueue<Optional<Batch>> queue, BooleanSupplier stopping,
                   ExecutorService conversions, int conversionThreads, IdPasses idPasses) {
    this.request = request;
    this.conversions = conversions;
    this.conversionThreads = conversionThreads;
    this.rampUp = dialect.startsWithSmallBatches();
    this.setup = new CollectionSetup(request, connections, dialect, progress, ddlLock, listener, stopping,
        idPasses);
    this.listener = listener;
    this.queue = queue;
    this.stopping = stopping;
  }

  /** Reads the collection to its end, to corrupt input, or until asked to stop; failures end up in the run. */
  void read(CollectionRun run) throws InterruptedException {
    try {
      List<ProgressTable.Checkpoint> checkpoints = setup.prepare(run);
      if (checkpoints == null) {
        return;
      }
      run.loadingStarts();
      queueBatches(run, checkpoints);
    } catch (IOException | SQLException | RuntimeException e) {
      String line = run.collection.namespace() + ": " + oneLine(e);
      run.end(CollectionResult.Status.FAILED, oneLine(e));
      listener.problem(line);
    } finally {
      run.readerFinished();
    }
  }

  private void queueBatches(CollectionRun run, List<ProgressTable.Checkpoint> committed) throws IOException,
      InterruptedException {
    long maxRows = request.batching().maxRows();
    long maxBytes = request.batching().maxBytes();
    long batchBytes = rampUp ? Math.min(DumpImporter.FIRST_BATCH_BYTES, maxBytes) : maxBytes;
    List<ReadItem> items = new ArrayList<>();
    long bytes = 0;
    int next = 0;
    // Batches are framed here, in document order, and converted in parallel on the conversion pool; they are
    // queued for loading strictly in order, so --on-error abort still stops at the first undecodable document and
    // nothing after it is loaded.
    InOrderBatches converted = new InOrderBatches(run);
    try (DocumentStream documents = run.collection.open(request.onError()).withoutDecodeCheck()) {
      while (true) {
        if (stopping.getAsBoolean()) {
          converted.discard();
          run.end(CollectionResult.Status.INTERRUPTED, "stopped before the end; --resume continues it");
          return;
        }
        if (run.failed() || converted.stopped()) {
          converted.discard();
          return;
        }
        ReadItem item;
        String stopReason = null;
        try {
          item = documents.next();
        } catch (DumpFormatException e) {
          stopReason = e.getMessage();
          item = e.rejection().orElse(null);
        }
        if (item != null) {
          while (next < committed.size() && committed.get(next).lastIndex() < item.index()) {
            next++;
          }
          boolean done = next < committed.size() && committed.get(next).firstIndex() <= item.index();
          if (!items.isEmpty() && (done || items.size() >= maxRows || bytes + item.length() > batchBytes)) {
            // a batch is queued once the next document is known not to belong to it, so the last one can be marked
            if (!converted.add(items, false, null)) {
              return;
            }
            items = new ArrayList<>();
            bytes = 0;
            batchBytes = Math.min(maxBytes, batchBytes * 2);
          }
          if (!done) {
            items.add(item);
            bytes += item.length();
          }
        }
        if (item == null || stopReason != null) {
          if (!items.isEmpty() && !converted.add(items, true, stopReason)) {
            return;
          }
          if (!converted.finish() || converted.stopped()) {
            return;
          }
          if (stopReason != null) {
            stopAtCorruptInput(run, stopReason);
          }
          return;
        }
      }
    } finally {
      converted.discard();
    }
  }

  /** Ends the collection at corrupt input (the reader's framing or a batch's conversion found it). */
  private void stopAtCorruptInput(CollectionRun run, String reason) {
    run.end(CollectionResult.Status.STOPPED, reason);
    listener.problem(run.collection.namespace() + ": stopped at corrupt input: " + reason);
  }

  /**
   * The batches of one collection, queued for loading in the order they were framed. A batch is queued as soon as
   * every earlier batch's conversion has ended, its own may still run: its load stream sends each row as it is
   * converted, so the server does not wait for a whole batch. An undecodable document under --on-error abort ends its
   * batch's conversion and is known before any later batch is queued, so nothing after it is loaded. Besides the
   * batch converting in the queue, at most one batch per conversion thread waits, which bounds the memory a reader
   * holds.
   */
  private final class InOrderBatches {
    private final CollectionRun run;
    private final Deque<Pending> pending = new ArrayDeque<>();
    /** The batch queued last: the only queued one whose conversion may still run. */
    private BatchItems lastQueued;
    private boolean stopped;

    private record Pending(Future<?> conversion, Batch batch) {}

    InOrderBatches(CollectionRun run) {
      this.run = run;
    }

    /** Starts converting a framed batch; false when the import is stopping. */
    boolean add(List<ReadItem> framed, boolean endOfStream, String stopReason) throws InterruptedException {
      BatchItems items = new BatchItems(framed.size());
      Future<?> conversion = conversions.submit(() -> BatchConversion.convert(run, framed, request.onError(), items));
      pending.add(new Pending(conversion, new Batch(run, items, framed.get(0).index(), endOfStream, stopReason)));
      while (!stopped && !pending.isEmpty()
          && (pending.size() > conversionThreads || lastQueued == null || lastQueued.ended())) {
        if (!queueOldest()) {
          return false;
        }
      }
      return true;
    }

    /** Queues every batch still waiting, in order, and waits for the last one's conversion; false when stopping. */
    boolean finish() throws InterruptedException {
      while (!stopped && !pending.isEmpty()) {
        if (!queueOldest()) {
          return false;
        }
      }
      awaitLastQueued();
      return true;
    }

    /** Whether an undecodable document stopped the collection (under --on-error abort). */
    boolean stopped() {
      return stopped;
    }

    /** Cancels the conversions of the batches not queued; a queued batch's conversion always ends. */
    void discard() {
      pending.forEach(p -> p.conversion().cancel(true));
      pending.clear();
    }

    private boolean queueOldest() throws InterruptedException {
      awaitLastQueued();
      if (stopped) {
        discard();
        return true;
      }
      Pending oldest = pending.poll();
      lastQueued = oldest.batch().streamed();
      return offer(run, oldest.batch());
    }

    /** Waits until the batch queued last is converted; an abort in it stops the collection there. */
    private void awaitLastQueued() {
      if (lastQueued == null || stopped) {
        return;
      }
      String abortReason;
      try {
        abortReason = lastQueued.abortReason();
      } catch (IllegalStateException e) {
        throw new IllegalStateException("converting a batch of " + run.collection.namespace() + " failed",
            e.getCause());
      }
      if (abortReason != null) {
        stopped = true;
        discard();
        stopAtCorruptInput(run, abortReason);
      }
    }
  }

  /** Queues a batch; false when the import is stopping and the batch was dropped. */
  private boolean offer(CollectionRun run, Batch batch) throws InterruptedException {
    run.batchQueued();
    while (!queue.offer(Optional.of(batch), OFFER_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
      if (stopping.getAsBoolean()) {
        run.batchFinished(false);
        return false;
      }
    }
    return true;
  }

  static String oneLine(Throwable e) {
    String message = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
    StringBuilder line = new StringBuilder(message.strip().replace('\n', ' '));
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && s.getSQLState() != null && !line.toString().contains(s.getSQLState())) {
        line.append(" (SQLState ").append(s.getSQLState()).append(')');
        break;
      }
    }
    return line.toString();
  }
}
