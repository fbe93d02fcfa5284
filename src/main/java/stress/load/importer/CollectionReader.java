package stress.load.importer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
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
import stress.dump.UndecodableDocumentException;
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

  CollectionReader(ImportRequest request, ConnectionSupplier connections, Dialect dialect, ProgressTable progress,
                   Object ddlLock, ImportListener listener, BlockingQueue<Batch> queue, BooleanSupplier stopping) {
    this.request = request;
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
      DocumentConverter converter = new DocumentConverter(request.jsonFormat(), new IdConverter(table.idType(), form));
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
    List<EncodedRow> rows = new ArrayList<>();
    long bytes = 0;
    int next = 0;
    DocumentEncoder encoder = new DocumentEncoder(run.converter());
    // Converting each document is its one decoding pass, and the check a checking stream would make.
    try (DocumentStream documents = run.collection.open(request.onError()).withoutDecodeCheck()) {
      while (true) {
        if (stopping.getAsBoolean()) {
          run.end(CollectionResult.Status.INTERRUPTED, "stopped before the end; --resume continues it");
          return;
        }
        if (run.failed()) {
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
          EncodedRow row = null;
          if (!done && item instanceof DumpDocument document) {
            try {
              row = encoder.encode(document);
            } catch (UndecodableDocumentException e) {
              item = e.rejection();
              if (request.onError() == ReadPolicy.ABORT) {
                stopReason = new DumpFormatException(e.rejection()).getMessage();
              }
            } catch (DocumentRejectedException e) {
              item = e.rejection();
            }
          }
          if (!items.isEmpty() && (done || items.size() >= maxRows || bytes + item.length() > maxBytes)) {
            // a batch is queued once the next document is known not to belong to it, so the last one can be marked
            if (!offer(run, new Batch(run, items, rows, bytes, false, null))) {
              return;
            }
            items = new ArrayList<>();
            rows = new ArrayList<>();
            bytes = 0;
          }
          if (!done) {
            items.add(item);
            rows.add(row);
            bytes += item.length();
          }
        }
        if (item == null || stopReason != null) {
          if (!items.isEmpty()) {
            offer(run, new Batch(run, items, rows, bytes, true, stopReason));
          }
          if (stopReason != null) {
            run.end(CollectionResult.Status.STOPPED, stopReason);
            listener.problem(run.collection.namespace() + ": stopped at corrupt input: " + stopReason);
          }
          return;
        }
      }
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
