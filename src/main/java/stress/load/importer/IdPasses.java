package stress.load.importer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import stress.dump.DocumentStream;
import stress.dump.DumpFormatException;
import stress.dump.document.IdDetection;
import stress.dump.IdTypeDetector;
import stress.table.IdType;

/**
 * The first pass over each collection, which chooses its {@code _id} type. An import starts the passes as soon as the
 * dump is scanned, so they run while it connects, takes its locks and readies its progress table, and the pass of the
 * next collection runs while this one loads: the server's first batch no longer waits for a whole pass. Each pass
 * gives its guess of the type once it has counted the collection's first {@link #GUESS_DOCUMENTS} documents, so the
 * table is made while the pass goes on, without a second reader competing with it for the client's CPU. Under
 * {@code --resume} (a collection may be finished already) and with {@code --id-type} none is started early: a pass
 * then runs when {@link CollectionSetup} asks for it, as before.
 */
final class IdPasses implements AutoCloseable {
  /** How many documents the early guess of a collection's {@code _id} type reads. */
  static final int GUESS_DOCUMENTS = 1000;

  private final ImportRequest request;
  private final BooleanSupplier stopping;
  private final ExecutorService threads;
  private final Map<CollectionRun, Early> started = new ConcurrentHashMap<>();

  /** A pass started early: its detection, and its guess once the first documents are counted. */
  private record Early(Future<IdDetection> detection, CompletableFuture<IdType> guess) {}

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
      CompletableFuture<IdType> guess = new CompletableFuture<>();
      passes.started.put(run, new Early(threads.submit(() -> passes.detect(run, guess)), guess));
    }
    threads.shutdown();
    return passes;
  }

  /**
   * The {@code _id} type the collection's first {@link #GUESS_DOCUMENTS} documents give (all of them, in a smaller
   * collection), as its pass counted them; null when no pass was started early for it or its pass failed before
   * giving one. Its table can then be made while the pass runs on, which confirms the type or not
   * ({@link CollectionSetup}).
   */
  IdType guess(CollectionRun run) throws IOException {
    Early early = started.get(run);
    if (early == null) {
      return null;
    }
    try {
      return early.guess().get();
    } catch (InterruptedException e) {
      throw interrupted(run, e);
    } catch (ExecutionException e) {
      return null; // the pass failed: detection() reports why
    }
  }

  /**
   * The collection's pass: every readable {@code _id} up to the end or to corrupt input (reported by the load pass).
   * Only the {@code _id}s are decoded; a document bad elsewhere is counted here and rejected by the load pass.
   */
  IdDetection detection(CollectionRun run) throws IOException {
    Early early = started.remove(run);
    if (early == null) {
      return detect(run, null);
    }
    try {
      return early.detection().get();
    } catch (InterruptedException e) {
      throw interrupted(run, e);
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

  /** The pass itself; {@code guess}, when given, is completed once the first documents are counted. */
  private IdDetection detect(CollectionRun run, CompletableFuture<IdType> guess) throws IOException {
    IdTypeDetector detector = new IdTypeDetector();
    BooleanSupplier stop = stopping;
    if (guess != null) {
      stop = () -> {
        if (detector.counted() >= GUESS_DOCUMENTS && !guess.isDone()) {
          guess.complete(detector.result().type());
        }
        return stopping.getAsBoolean();
      };
    }
    try (DocumentStream documents = run.collection.open(request.onError())) {
      documents.countIds(detector, stop); // under ABORT it stops at an unreadable _id, where the load pass stops
    } catch (DumpFormatException e) {
      // the load pass stops at the same place and reports it
    } catch (Throwable e) {
      if (guess != null) {
        guess.completeExceptionally(e); // nobody waits for a guess that will not come
      }
      throw e;
    }
    IdDetection detection = detector.result();
    if (guess != null) {
      guess.complete(detection.type()); // a collection of fewer documents: the guess is the whole answer
    }
    return detection;
  }

  private static IOException interrupted(CollectionRun run, InterruptedException e) {
    Thread.currentThread().interrupt();
    return new IOException("interrupted while waiting for the _id pass of " + run.collection.namespace(), e);
  }

  /** Cancels the passes nobody asked for (an import that ended early). */
  @Override
  public void close() {
    if (threads != null) {
      threads.shutdownNow();
    }
  }
}
