package stress.load.importer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import stress.dump.DocumentConverter;
import stress.dump.DocumentRejectedException;
import stress.dump.DocumentStream;
import stress.dump.DumpDocument;
import stress.dump.DumpFormatException;
import stress.dump.IdConverter;
import stress.dump.IdDetection;
import stress.dump.IdTextForm;
import stress.dump.IdTypeDetector;
import stress.dump.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.Rejection;
import stress.dump.UndecodableDocumentException;
import stress.load.ByteSlab;
import stress.load.ConnectionSupplier;
import stress.load.EncodedRow;
import stress.load.ExistingTablePolicy;
import stress.load.LoadException;
import stress.load.PreparedTable;
import stress.load.TableSetup;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.target.Dialect;

/**
 * Reads one collection for an import: chooses the {@code _id} type (a first pass over the collection unless
 * {@code --id-type} is given), sets up the table, reads the checkpoints of earlier runs, then reads the documents
 * and queues them in batches, leaving out those earlier runs committed.
 */
final class CollectionReader {
  private static final long OFFER_WAIT_MILLIS = 100;

  private final ImportRequest request;
  private final ConnectionSupplier connections;
  private final Dialect dialect;
  private final ProgressTable progress;
  private final Object ddlLock;
  private final ImportListener listener;
  private final BlockingQueue<Batch> queue;
  private final BooleanSupplier stopping;
  /** Converts framed batches to COPY rows; shared by the readers. */
  private final ExecutorService conversions;
  private final int conversionThreads;

  CollectionReader(ImportRequest request, ConnectionSupplier connections, Dialect dialect, ProgressTable progress,
                   Object ddlLock, ImportListener listener, BlockingQueue<Batch> queue, BooleanSupplier stopping,
                   ExecutorService conversions, int conversionThreads) {
    this.request = request;
    this.conversions = conversions;
    this.conversionThreads = conversionThreads;
    this.connections = connections;
    this.dialect = dialect;
    this.progress = progress;
    this.ddlLock = ddlLock;
    this.listener = listener;
    this.queue = queue;
    this.stopping = stopping;
  }

  /** Reads the collection to its end, to corrupt input, or until asked to stop; failures end up in the run. */
  void read(CollectionRun run) throws InterruptedException {
    try {
      List<ProgressTable.Checkpoint> checkpoints = prepare(run);
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

  /** Sets up the table and converter; returns the earlier checkpoints, or null when earlier runs finished it. */
  private List<ProgressTable.Checkpoint> prepare(CollectionRun run) throws IOException, SQLException {
    // The name does not depend on the _id type, so a collection finished by an earlier run is not read again.
    String target = new DocumentTable(request.naming().schema(), run.tableName, IdType.TEXT).qualifiedName();
    boolean finishedEarlier = false;
    if (request.resume()) {
      try (Connection c = connections.get()) {
        finishedEarlier = ProgressTable.complete(progress.read(c, run.source(), target));
      }
    }
    IdDetection detection = request.idType() == null && !finishedEarlier ? detect(run) : null;
    IdType wantedType = request.idType() != null ? request.idType() : detection != null ? detection.type() : IdType.TEXT;
    DocumentTable wanted = new DocumentTable(request.naming().schema(), run.tableName, wantedType);
    ExistingTablePolicy policy = request.resume() ? ExistingTablePolicy.REUSE : request.policy();
    try (Connection c = connections.get()) {
      c.setAutoCommit(true);
      PreparedTable prepared;
      synchronized (ddlLock) {
        try {
          prepared = TableSetup.prepare(c, dialect, wanted, policy);
        } catch (LoadException e) {
          List<ProgressTable.Checkpoint> earlier = policy == ExistingTablePolicy.FAIL_IF_EXISTS
              ? progress.read(c, run.source(), wanted.qualifiedName()) : List.of();
          if (!earlier.isEmpty() && !ProgressTable.complete(earlier)) {
            throw new LoadException(e.getMessage() + "; an earlier import of " + run.collection.namespace()
                + " into it did not finish: --resume continues it", e);
          }
          throw e;
        }
      }
      if (prepared.note() != null) {
        listener.problem(run.collection.namespace() + ": " + prepared.note());
      }
      DocumentTable table = prepared.table();
      if (finishedEarlier && prepared.action() == PreparedTable.Action.CREATED) {
        throw new LoadException("the checkpoints say " + run.collection.namespace() + " was imported into "
            + table.displayName() + ", but that table did not exist (it was created empty now); import again without"
            + " --resume");
      }
      if (request.idType() != null && table.idType() != request.idType()) {
        throw new LoadException("table " + table.displayName() + " has _id " + table.idType().sql() + ", not the "
            + request.idType().sql() + " of --id-type");
      }
      IdTextForm form = detection != null && table.idType() == IdType.TEXT ? detection.textForm() : IdTextForm.PLAIN;
      DocumentConverter converter = new DocumentConverter(request.jsonFormat(), new IdConverter(table.idType(), form),
          request.repeatedFields());
      run.ready(table, converter, idChoice(detection, table, prepared.action()));

      List<ProgressTable.Checkpoint> checkpoints;
      if (request.resume()) {
        checkpoints = progress.read(c, run.source(), table.qualifiedName());
      } else {
        progress.clear(c, run.source(), table.qualifiedName());
        checkpoints = List.of();
      }
      run.countEarlier(checkpoints);
      boolean complete = ProgressTable.complete(checkpoints);
      listener.collectionStarted(new ImportListener.Started(run.collection.namespace(), run.source(), table,
          prepared.action(), idChoice(detection, table, prepared.action()), run.earlierDocs(), complete));
      if (complete) {
        String stop = checkpoints.get(checkpoints.size() - 1).stopReason();
        if (stop != null) {
          run.end(CollectionResult.Status.STOPPED, stop);
        }
        return null;
      }
      return checkpoints;
    }
  }

  /**
   * The first pass: every readable {@code _id} up to the end or to corrupt input (reported by the load pass). Only
   * the {@code _id}s are decoded; a document bad elsewhere is counted here and rejected by the load pass.
   */
  private IdDetection detect(CollectionRun run) throws IOException {
    IdTypeDetector detector = new IdTypeDetector();
    try (DocumentStream documents = run.collection.open(request.onError()).withoutDecodeCheck()) {
      ReadItem item;
      while ((item = documents.next()) != null && !stopping.getAsBoolean()) {
        if (item instanceof DumpDocument document && !detector.acceptIdOnly(document)
            && request.onError() == ReadPolicy.ABORT) {
          break; // the load pass stops at this document or before
        }
      }
    } catch (DumpFormatException e) {
      // the load pass stops at the same place and reports it
    }
    return detector.result();
  }

  private static String idChoice(IdDetection detection, DocumentTable table, PreparedTable.Action action) {
    if (detection == null) {
      return "_id " + table.idType().sql() + (action == PreparedTable.Action.REUSED ? " of the existing table"
          : " (--id-type)");
    }
    if (action == PreparedTable.Action.REUSED && detection.type() != table.idType()) {
      return "_id " + table.idType().sql() + " of the existing table (the data alone would give: " + detection.reason()
          + ")";
    }
    return detection.reason().startsWith("text (no _id") ? "_id " + detection.reason() : detection.reason();
  }

  private void queueBatches(CollectionRun run, List<ProgressTable.Checkpoint> committed) throws IOException,
      InterruptedException {
    long maxRows = request.batching().maxRows();
    long maxBytes = request.batching().maxBytes();
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
          if (!items.isEmpty() && (done || items.size() >= maxRows || bytes + item.length() > maxBytes)) {
            // a batch is queued once the next document is known not to belong to it, so the last one can be marked
            if (!converted.add(items, false, null)) {
              return;
            }
            items = new ArrayList<>();
            bytes = 0;
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

  /** What converting one framed batch gave: its items (rejections in place of bad documents). */
  private record Converted(List<BatchItem> items, long bytes, String abortReason) {}

  /** Largest array a batch's documents or rows are packed into; a larger batch takes several. */
  private static final int MAX_SLAB_CHUNK = 16 << 20;

  /**
   * Converts one framed batch, keeping its documents and rows packed in a few large arrays (see {@link ByteSlab}).
   * Under --on-error abort, the first undecodable document ends it (that document rejected, the rest dropped) and
   * gives the reason the collection stops.
   */
  private Converted convert(CollectionRun run, List<ReadItem> framed) {
    long documentBytes = 0;
    for (ReadItem item : framed) {
      documentBytes += item instanceof DumpDocument ? item.length() : 0;
    }
    int chunk = (int) Math.max(1, Math.min(MAX_SLAB_CHUNK, documentBytes));
    ByteSlab documents = new ByteSlab(chunk);
    // COPY text is usually a little longer than the BSON; a longer one takes another chunk
    ByteSlab rows = new ByteSlab((int) Math.min(MAX_SLAB_CHUNK, documentBytes + documentBytes / 4 + 4096));
    DocumentEncoder encoder = new DocumentEncoder(run.converter());
    List<BatchItem> items = new ArrayList<>(framed.size());
    long bytes = 0;
    String abortReason = null;
    for (ReadItem item : framed) {
      BatchItem entry;
      if (item instanceof DumpDocument document) {
        try {
          EncodedRow row = encoder.encode(document, rows);
          int at = documents.add(document.bytes(), 0, document.bytes().length);
          entry = new KeptDocument(document.source(), document.offset(), document.index(), documents.array(), at,
              document.bytes().length, row, encoder.repeatedFields());
        } catch (UndecodableDocumentException e) {
          entry = new BatchItem.Refused(e.rejection());
          if (request.onError() == ReadPolicy.ABORT) {
            abortReason = new DumpFormatException(e.rejection()).getMessage();
          }
        } catch (DocumentRejectedException e) {
          entry = new BatchItem.Refused(e.rejection());
        }
      } else {
        entry = new BatchItem.Refused((Rejection) item);
      }
      items.add(entry);
      bytes += item.length();
      if (abortReason != null) {
        break;
      }
    }
    return new Converted(items, bytes, abortReason);
  }

  /**
   * The batches of one collection being converted, queued for loading in the order they were framed. At most
   * one batch per conversion thread (plus one) is in flight, which bounds the memory a reader holds.
   */
  private final class InOrderBatches {
    private final CollectionRun run;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private boolean stopped;

    private record Pending(Future<Converted> result, boolean endOfStream, String stopReason) {}

    InOrderBatches(CollectionRun run) {
      this.run = run;
    }

    /** Starts converting a framed batch; false when the import is stopping. */
    boolean add(List<ReadItem> framed, boolean endOfStream, String stopReason) throws InterruptedException {
      pending.add(new Pending(conversions.submit(() -> convert(run, framed)), endOfStream, stopReason));
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
      Converted c;
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
    while (!queue.offer(batch, OFFER_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
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
