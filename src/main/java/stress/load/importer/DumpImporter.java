package stress.load.importer;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import stress.dump.DumpCollection;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.dump.naming.Namespace;
import stress.load.ConnectionSupplier;
import stress.load.importer.connection.ClosingConnections;
import stress.load.importer.connection.EarlyConnection;
import stress.load.importer.connection.StreamConnection;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.load.importer.progress.ImportProgress;
import stress.load.importer.progress.ImportResult;
import stress.server.dialect.Dialect;

/**
 * The library entry point of {@code import}: scans a mongodump path, gives every collection a table
 * ({@link TableNaming}), and loads each document as a row {@code (_id, data jsonb)}.
 *
 * <p>As many collections as {@link ImportRequest#jobs()} are read at once, each by its own reader thread that
 * chooses the {@code _id} type (decoding only each {@code _id}), sets up the table, turns each document into its COPY
 * row in one pass over its bytes ({@link DocumentEncoder}: that decoding is also the document's check) and queues
 * batches. As many load streams, each with its own connection, take batches from the shared queue in any order, send
 * their rows and commit each with its checkpoint ({@link BatchWriter}), so several streams serve one large collection
 * as well as many small ones (one collection's conversion runs on its reader thread: at about a third of the
 * server's CPU per document, it feeds about three streams). A
 * collection whose data is corrupt or whose batch the server refuses ends early with the reason; the others go on.
 *
 * <p>Nothing is lost: each document read is committed to the table or written to the rejects file before its batch
 * commits, and {@link ImportResult} counts reconcile per collection.
 */
public final class DumpImporter {
  /**
   * Where the target starts with small batches ({@link Dialect#startsWithSmallBatches()}), a collection's first batch
   * holds this many bytes and each next one twice the last, up to the batch size. They were for a server that waited
   * for a whole batch from a client whose code is not compiled yet; since a batch's rows go as they are converted
   * ({@link BatchItems}) they change the time by no more than the noise (PostgreSQL and Citus), and they stay.
   */
  public static final long FIRST_BATCH_BYTES = 256L << 10;

  private static final long POLL_MILLIS = 250;
  /** What the load streams take after the last batch: each ends at one. */
  private static final Optional<Batch> END_OF_BATCHES = Optional.empty();

  private final ConnectionSupplier connections;
  private final Dialect dialect;
  private final AtomicBoolean stopping = new AtomicBoolean();
  private final ClosingConnections closing = new ClosingConnections();

  /** An importer that takes its connections from {@code connections} and its DDL from {@code dialect}. */
  public DumpImporter(ConnectionSupplier connections, Dialect dialect) {
    this.connections = Objects.requireNonNull(connections, "connections");
    this.dialect = Objects.requireNonNull(dialect, "dialect");
  }

  /**
   * Asks a running import to stop: no more documents are read, batches being written are committed, queued ones
   * dropped. {@code --resume} continues from there. Safe to call from any thread (a signal handler).
   */
  public void stop() {
    stopping.set(true);
  }

  /**
   * Imports what the request names.
   *
   * @throws IllegalArgumentException when the path does not exist, or {@code --table} is given for several collections
   * @throws stress.load.LoadException when table names collide
   * @throws IOException               when the path cannot be scanned (an archive with a bad magic number or
   *                                   prelude) or the rejects file cannot be opened
   * @throws SQLException              when the progress table cannot be created or read
   */
  public ImportResult run(ImportRequest request, ImportListener listener) throws IOException, SQLException {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(listener, "listener");
    long start = System.nanoTime();
    Path path = request.source().toAbsolutePath().normalize();
    DumpSource source = new DumpScanner(request.scan()).scan(path);
    listener.scanned(source);
    List<Namespace> namespaces = source.collections().stream().map(DumpCollection::namespace).toList();
    Map<Namespace, String> names = request.naming().assign(namespaces, List.of(ProgressTable.NAME));
    for (Namespace namespace : namespaces) {
      if (request.naming().shortens(namespace)) {
        listener.tableNameShortened(namespace, request.naming().derivedName(namespace), names.get(namespace));
      }
    }
    ProgressTable progress = new ProgressTable(request.naming().schema());
    List<CollectionRun> runs = new ArrayList<>();
    for (DumpCollection collection : source.collections()) {
      runs.add(new CollectionRun(collection, names.get(collection.namespace()), ExpectedSize.bytes(collection)));
    }
    ImportResult result;
    StreamClocks clocks = new StreamClocks();
    try (IdPasses idPasses = IdPasses.start(request, runs, stopping::get)) {
      // layouts are settled, and refused, before anything is created
      LayoutPlan.settle(request, runs, connections, dialect);
      // one connection holds the locks and makes the progress table: each connection opened before the first COPY
      // delays it (on a Citus coordinator with TLS, 30-40 ms each)
      try (ImportLocks locks = ImportLocks.take(connections, request.naming().schema(),
               runs.stream().map(r -> r.tableName).toList());
           RejectsFile rejects = RejectsFile.open(request.rejects(), request.resume())) {
        if (!runs.isEmpty()) {
          Connection c = locks.connection();
          if (dialect.commitsLocally()) {
            StreamConnection.commitAsynchronously(c); // a new progress table is made durable with the last commit
          }
          progress.ensure(c);
          try (EarlyConnection afterLoad = new EarlyConnection(connections)) {
            load(request, runs, progress, rejects, listener, start, idPasses, clocks);
            finish(afterLoad, runs, listener);
          } finally {
            closing.await();
          }
        }
        result = new ImportResult(path, source.format(), source.notices(),
            runs.stream().map(CollectionRun::result).toList(), secondsSince(start), stopping.get(), rejects.path(),
            rejects.linesWritten(), clocks.total());
      }
    }
    listener.finished(result);
    return result;
  }

  private void load(ImportRequest request, List<CollectionRun> runs, ProgressTable progress, RejectsFile rejects,
                    ImportListener listener, long start, IdPasses idPasses, StreamClocks clocks) {
    int jobs = request.jobs();
    BlockingQueue<Optional<Batch>> queue = new ArrayBlockingQueue<>(jobs);
    AtomicReference<Error> fatal = new AtomicReference<>();
    Object ddlLock = new Object();
    // converting BSON to COPY rows is the client's main CPU cost: as many threads as load streams
    ExecutorService conversions = Executors.newFixedThreadPool(jobs, threads("import-convert-"));
    CollectionReader reader = new CollectionReader(request, connections, dialect, progress, ddlLock, listener, queue,
        stopping::get, conversions, jobs, idPasses);
    ExecutorService readers = Executors.newFixedThreadPool(Math.min(jobs, runs.size()), threads("import-read-"));
    ExecutorService writers = Executors.newFixedThreadPool(jobs, threads("import-load-"));
    boolean interrupted = false;
    try {
      List<Future<?>> reads = new ArrayList<>();
      for (CollectionRun run : runs) {
        reads.add(readers.submit(() -> {
          reader.read(run);
          return null;
        }));
      }
      for (int i = 0; i < jobs; i++) {
        writers.execute(() -> writeBatches(request, progress, rejects, listener, queue, fatal, clocks));
      }
      readers.shutdown();
      while (true) {
        try {
          if (readers.awaitTermination(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            break;
          }
        } catch (InterruptedException e) {
          interrupted = true;
          stop();
        }
        report(runs, listener, start);
      }
      writers.shutdown();
      for (int ended = 0; ended < jobs && !writers.isTerminated(); ) {
        try {
          if (queue.offer(END_OF_BATCHES, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            ended++;
          }
        } catch (InterruptedException e) {
          interrupted = true;
          stop();
        }
        report(runs, listener, start);
      }
      while (true) {
        try {
          if (writers.awaitTermination(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            break;
          }
        } catch (InterruptedException e) {
          interrupted = true;
          stop();
        }
        report(runs, listener, start);
      }
      for (Future<?> read : reads) {
        rethrowError(read);
      }
    } finally {
      readers.shutdownNow();
      conversions.shutdownNow();
      writers.shutdownNow();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (fatal.get() != null) {
      throw fatal.get();
    }
    report(runs, listener, start);
  }

  /** One load stream: takes batches until it takes the end marker the importer queues after the readers are done. */
  private void writeBatches(ImportRequest request, ProgressTable progress, RejectsFile rejects, ImportListener listener,
                            BlockingQueue<Optional<Batch>> queue, AtomicReference<Error> fatal, StreamClocks clocks) {
    BooleanSupplier nextQueued = () -> {
      Optional<Batch> head = queue.peek();
      return head != null && head.isPresent();
    };
    try (BatchWriter writer = new BatchWriter(connections, progress, rejects, request.onDuplicate(),
        dialect.commitsLocally(), dialect.loadSessionSettings(), nextQueued)) {
      writer.openEarly();
      StreamClocks.Clock clock = clocks.clock();
      while (true) {
        Optional<Batch> next;
        long since = System.nanoTime();
        try {
          next = queue.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // the pool is being shut down: keep the flag for whoever looks next
          return;
        }
        long took = System.nanoTime();
        clock.took(since, took);
        if (next.isEmpty()) {
          clock.end(took);
          closing.closeInBackground(writer.detachConnection());
          return;
        }
        write(writer, next.get(), listener, fatal);
        clock.wrote(next.get());
      }
    }
  }

  private void write(BatchWriter writer, Batch batch, ImportListener listener, AtomicReference<Error> fatal) {
    CollectionRun run = batch.run();
    boolean committed = false;
    try {
      if (stopping.get()) {
        run.end(CollectionResult.Status.INTERRUPTED, "stopped before the end; --resume continues it");
        return;
      }
      if (run.failed()) {
        run.failed.add(batch.items().size());
        run.read.add(batch.items().size());
        run.bytes.add(batch.bytes());
        return;
      }
      BatchWriter.Outcome outcome = writer.write(batch);
      run.read.add(batch.items().size());
      run.loaded.add(outcome.loaded());
      run.rejected.add(outcome.rejected());
      run.skipped.add(outcome.skipped());
      run.updated.add(outcome.updated());
      run.repeatedFields.add(outcome.repeatedFields());
      run.bytes.add(batch.bytes());
      committed = true;
    } catch (SQLException | IOException | RuntimeException e) {
      writer.closeConnection();
      if (stopping.get()) {
        // after a stop request (a signal) failures come from the shutdown; the batch is redone by --resume
        run.end(CollectionResult.Status.INTERRUPTED, "stopped before the end; --resume continues it");
        return;
      }
      run.read.add(batch.items().size());
      run.failed.add(batch.items().size());
      run.bytes.add(batch.bytes());
      String why = "documents #" + batch.firstIndex() + "..#" + batch.lastIndex() + " could not be written: "
          + CollectionReader.oneLine(e);
      run.end(CollectionResult.Status.FAILED, why);
      listener.problem(run.collection.namespace() + ": " + why);
    } catch (Error e) {
      fatal.compareAndSet(null, e);
      stop();
      throw e;
    } finally {
      run.batchFinished(committed);
    }
  }

  private void report(List<CollectionRun> runs, ImportListener listener, long start) {
    long docs = 0;
    long bytes = 0;
    long earlierDocs = 0;
    long earlierBytes = 0;
    long expectedBytes = 0;
    long expectedDocs = 0;
    int done = 0;
    for (CollectionRun run : runs) {
      if (run.claimReport()) {
        listener.collectionDone(run.result());
      }
      if (run.done()) {
        done++;
      }
      docs += run.read.sum();
      bytes += run.bytes.sum();
      earlierDocs += run.earlierDocs();
      earlierBytes += run.earlierBytes();
      expectedBytes = run.expectedBytes < 0 || expectedBytes < 0 ? -1 : expectedBytes + run.expectedBytes;
      long count = run.collection.documentCount().orElse(-1);
      expectedDocs = count < 0 || expectedDocs < 0 ? -1 : expectedDocs + count;
    }
    listener.progress(new ImportProgress(runs.size(), done, docs, bytes, docs - earlierDocs, bytes - earlierBytes,
        secondsSince(start), expectedBytes, expectedDocs));
  }

  /** The end of an import: its rows made durable, then statistics for the planner, on one connection. */
  private void finish(EarlyConnection afterLoad, List<CollectionRun> runs, ImportListener listener) {
    try (Connection c = afterLoad.take()) {
      makeDurable(c, listener);
      analyze(c, runs, listener);
    } catch (SQLException e) {
      listener.problem("the loaded rows are committed, but no connection could be opened to "
          + (dialect.commitsLocally() ? "wait until they are on disk and " : "") + "analyze the tables: "
          + CollectionReader.oneLine(e));
    }
  }

  /**
   * Waits until the batches committed asynchronously are on disk (see {@link BatchWriter}): a commit with the
   * server's own {@code synchronous_commit} flushes the log up to it, and so every commit before it. The summary
   * then reports rows as durable as one COPY of them all would be.
   */
  private void makeDurable(Connection c, ImportListener listener) {
    if (!dialect.commitsLocally()) {
      return;
    }
    try (Statement s = c.createStatement()) {
      c.setAutoCommit(false);
      s.execute("SET LOCAL synchronous_commit TO DEFAULT");
      s.execute("SELECT txid_current()"); // a transaction id, so that the commit writes a record to wait for
      c.commit();
    } catch (SQLException e) {
      listener.problem("the loaded rows are committed, but waiting until they are on disk failed: "
          + CollectionReader.oneLine(e));
    }
  }

  /** Statistics for the planner, as init does; a failure is reported, not fatal (the data is in). */
  private void analyze(Connection c, List<CollectionRun> runs, ImportListener listener) {
    for (CollectionRun run : runs) {
      if (run.table() == null || run.loaded.sum() == 0 || stopping.get()) {
        continue;
      }
      try (Statement s = c.createStatement()) {
        c.setAutoCommit(true);
        s.execute("ANALYZE " + run.table().qualifiedName());
      } catch (SQLException e) {
        listener.problem(run.collection.namespace() + ": ANALYZE " + run.table().displayName() + " failed: "
            + CollectionReader.oneLine(e));
      }
    }
  }

  private static void rethrowError(Future<?> task) {
    try {
      task.get();
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException("collection reader failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static java.util.concurrent.ThreadFactory threads(String prefix) {
    AtomicInteger number = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + number.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  private static double secondsSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
