package stress.load.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import stress.dump.DocumentStream;
import stress.dump.DumpFormatException;
import stress.dump.IdDetection;
import stress.dump.IdTypeDetector;
import stress.table.IdType;

/**
 * The first pass over each collection, which chooses its {@code _id} type. An import starts the passes as soon as the
 * dump is scanned, so they run while it connects, takes its locks and readies its progress table, and the pass of the
 * next collection runs while this one loads: the server's first batch no longer waits for a whole pass. Under
 * {@code --resume} (a collection may be finished already) and with {@code --id-type} none is started early: a pass
 * then runs when {@link CollectionSetup} asks for it, as before.
 */
final class IdPasses implements AutoCloseable {
  /** How many documents the early guess of a collection's {@code _id} type reads. */
  static final int GUESS_DOCUMENTS = 1000;

  private final ImportRequest request;
  private final BooleanSupplier stopping;
  private final ExecutorService threads;
  private final Map<CollectionRun, Future<IdDetection>> started = new ConcurrentHashMap<>();

  private IdPasses(ImportRequest request, BooleanSupplier stopping, ExecutorService threads) {
    this.request = request;
    this.stopping = stopping;
    this.threads = threads;
  }

  /** Starts the passes of {@code runs} in their order, as many at once as the import has jobs. */
  static IdPasses start(ImportRequest request, List<CollectionRun> runs, BooleanSupplier stopping) {
    if (request.resume() || request.idType() != null || runs.isEmpty()) {
      return new IdPasses(request, stopping, null);
    }
    ExecutorService threads = Executors.newFixedThreadPool(Math.min(request.jobs(), runs.size()), task -> {
      Thread thread = new Thread(task, "import-ids");
      thread.setDaemon(true);
      return thread;
    });
    IdPasses passes = new IdPasses(request, stopping, threads);
    for (CollectionRun run : runs) {
      passes.started.put(run, threads.submit(() -> passes.detect(run)));
    }
    threads.shutdown();
    return passes;
  }

  /**
   * The {@code _id} type the collection's first {@link #GUESS_DOCUMENTS} documents give, read while its pass still
   * runs; null when no pass was started early for it. Its table can then be made while the pass runs, which confirms
   * the type or not ({@link CollectionSetup}).
   */
  IdType guess(CollectionRun run) throws IOException {
    if (!started.containsKey(run)) {
      return null;
    }
    IdTypeDetector detector = new IdTypeDetector();
    int[] read = {0};
    try (DocumentStream documents = run.collection.open(request.onError())) {
      documents.countIds(detector, () -> stopping.getAsBoolean() || read[0]++ >= GUESS_DOCUMENTS);
    } catch (DumpFormatException e) {
      // the pass meets the same place and the load pass reports it
    }
    return detector.result().type();
  }

  /**
   * The collection's pass: every readable {@code _id} up to the end or to corrupt input (reported by the load pass).
   * Only the {@code _id}s are decoded; a document bad elsewhere is counted here and rejected by the load pass.
   */
  IdDetection detection(CollectionRun run) throws IOException {
    Future<IdDetection> early = started.remove(run);
    if (early == null) {
      return detect(run);
    }
    try {
      return early.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the _id pass of " + run.collection.namespace(), e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof UncheckedIOException io) {
        throw io.getCause();
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw (Error) e.getCause();
    }
  }

  private IdDetection detect(CollectionRun run) throws IOException {
    IdTypeDetector detector = new IdTypeDetector();
    try (DocumentStream documents = run.collection.open(request.onError())) {
      documents.countIds(detector, stopping); // under ABORT it stops at an unreadable _id, where the load pass stops
    } catch (DumpFormatException e) {
      // the load pass stops at the same place and reports it
    }
    return detector.result();
  }

  /** Cancels the passes nobody asked for (an import that ended early). */
  @Override
  public void close() {
    if (threads != null) {
      threads.shutdownNow();
    }
  }
}
