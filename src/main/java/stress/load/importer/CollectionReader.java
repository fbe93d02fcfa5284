package stress.load.importer;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import stress.dump.DocumentStream;
import stress.dump.DumpFormatException;
import stress.dump.ReadItem;
import stress.load.ConnectionSupplier;
import stress.server.Dialect;

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
   * The batches of one collection being converted, queued for loading in the order they were framed. At most
   * one batch per conversion thread (plus one) is in flight, which bounds the memory a reader holds.
   */
  private final class InOrderBatches {
    private final CollectionRun run;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private boolean stopped;

    private record Pending(Future<BatchConversion.Converted> result, boolean endOfStream, String stopReason) {}

    InOrderBatches(CollectionRun run) {
      this.run = run;
    }

    /** Starts converting a framed batch; false when the import is stopping. */
    boolean add(List<ReadItem> framed, boolean endOfStream, String stopReason) throws InterruptedException {
      pending.add(new Pending(conversions.submit(() -> BatchConversion.convert(run, framed, request.onError())),
          endOfStream, stopReason));
      while (pending.size() > conversionThreads || (!pending.isEmpty() && pending.peek().result().isDone())) {
        if (!queueOldest()) {
          return false;
        }
      }
      return true;
    }

    /** Queues every batch still converting, in order; false when the import is stopping. */
    boolean finish() throws InterruptedException {
      while (!pending.isEmpty()) {
        if (!queueOldest()) {
          return false;
        }
      }
      return true;
    }

    /** Whether an undecodable document stopped the collection (under --on-error abort). */
    boolean stopped() {
      return stopped;
    }

    void discard() {
      pending.forEach(p -> p.result().cancel(true));
      pending.clear();
    }

    private boolean queueOldest() throws InterruptedException {
      Pending oldest = pending.poll();
      if (stopped) {
        oldest.result().cancel(true);
        return true;
      }
      BatchConversion.Converted c;
      try {
        c = oldest.result().get();
      } catch (ExecutionException e) {
        throw new IllegalStateException("converting a batch of " + run.collection.namespace() + " failed", e.getCause());
      }
      if (c.abortReason() != null) {
        stopped = true;
        boolean queued = offer(run, new Batch(run, c.items(), c.bytes(), true, c.abortReason()));
        discard();
        if (queued) {
          stopAtCorruptInput(run, c.abortReason());
        }
        return queued;
      }
      return offer(run, new Batch(run, c.items(), c.bytes(), oldest.endOfStream(), oldest.stopReason()));
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
