package stress.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import stress.dump.generate.DocumentGenerator;
import stress.model.ExistingTablePolicy;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.Dialect;

/**
 * The library entry point of {@code init}: prepares a document table and its copy table ({@link TableSetup}),
 * fills both with generated documents keyed 1..N, and runs ANALYZE on both.
 *
 * <p>Loading runs in parallel streams, each on its own connection with a disjoint, contiguous key range. A
 * stream COPYs a batch of generated documents into the table ({@link CopyLoader}) and, once that batch is
 * committed, copies the same key range into the copy table with {@code INSERT ... SELECT}: the server copies the
 * stored jsonb without generating, sending or parsing the documents again, and both tables hold the same
 * documents by construction. The first failing stream stops the others and its error is thrown.
 *
 * <p>With {@link ExistingTablePolicy#REUSE}, empty tables are loaded, and tables that already hold rows are left
 * as they are (the result says so); a missing copy table is created first, empty.
 */
public final class DatasetInitializer {
  private static final long PROGRESS_POLL_MILLIS = 250;

  private final ConnectionSupplier connections;
  private final Dialect dialect;

  /** An initializer that takes its connections from {@code connections} and its DDL from {@code dialect}. */
  public DatasetInitializer(ConnectionSupplier connections, Dialect dialect) {
    this.connections = Objects.requireNonNull(connections, "connections");
    this.dialect = Objects.requireNonNull(dialect, "dialect");
  }

  /**
   * Builds the data set the request describes, reporting progress to {@code progress} from the calling thread.
   *
   * @throws LoadException        for conditions the user must resolve (existing table, wrong table shape,
   *                              key type too small for the document count)
   * @throws SQLException         when the server fails a statement
   * @throws InterruptedException when the calling thread is interrupted; the load streams stop after their
   *                              current document
   */
  public InitResult initialize(InitRequest request, InitProgressListener progress)
      throws SQLException, InterruptedException {
    long start = System.nanoTime();
    PreparedTable prepared;
    try (Connection connection = connections.get()) {
      connection.setAutoCommit(true);
      prepared = TableSetup.prepare(connection, dialect, request.table(), request.policy(),
          request.unlogged(), request.layoutGiven());
      DocumentTable table = prepared.table();
      if (prepared.action() == PreparedTable.Action.REUSED) {
        // rows kept as they are: nothing is generated, so any _id type will do (an imported table's too)
        boolean tableHasRows = TableSetup.hasRows(connection, table);
        if (tableHasRows) {
          return new InitResult(table, prepared.action(), 0, 0, secondsSince(start), true, prepared.note(),
              prepared.copyTableCreated());
        }
        if (TableSetup.hasRows(connection, table.copyTable())) {
          throw new LoadException("table " + table.displayName() + " is empty but " + table.copyTable().displayName()
              + " has rows; empty it or use --drop-existing to replace both");
        }
      }
      String idProblem = InitRequest.idTypeProblem(table, request.documents());
      if (idProblem != null) {
        throw new LoadException(idProblem);
      }
    }
    DocumentTable table = prepared.table();
    progress.onLoading(prepared);
    Totals totals = loadInStreams(table, request, progress, start);
    try (Connection connection = connections.get(); Statement s = connection.createStatement()) {
      connection.setAutoCommit(true);
      // One table per statement: ANALYZE of several tables needs PostgreSQL 11, Postgres-XL 10 is older.
      s.execute("ANALYZE " + table.qualifiedName());
      s.execute("ANALYZE " + table.copyTable().qualifiedName());
    }
    double seconds = secondsSince(start);
    progress.onComplete(totals.docs.sum(), totals.bytes.sum(), seconds);
    return new InitResult(table, prepared.action(), totals.docs.sum(), totals.bytes.sum(), seconds, false,
        prepared.note(), prepared.copyTableCreated());
  }

  private Totals loadInStreams(DocumentTable table, InitRequest request, InitProgressListener progress, long start)
      throws SQLException, InterruptedException {
    Totals totals = new Totals();
    List<KeyRange> ranges = KeyRange.split(request.documents(), request.streams());
    if (ranges.isEmpty()) {
      return totals;
    }
    DocumentGenerator generator = new DocumentGenerator(request.shape(), request.seed());
    CopyLoader loader = new CopyLoader(request.batching());
    AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    AtomicBoolean aborted = new AtomicBoolean();
    CountDownLatch finished = new CountDownLatch(ranges.size());
    AtomicInteger threadNumber = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(ranges.size(), task -> {
      Thread thread = new Thread(task, "init-load-" + threadNumber.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
    try {
      for (KeyRange range : ranges) {
        pool.execute(() -> {
          try {
            loadRange(table, range, generator, loader, aborted, totals);
          } catch (Throwable t) {
            if (firstFailure.compareAndSet(null, t)) {
              aborted.set(true);
            } else if (!(t instanceof CancellationException)) {
              firstFailure.get().addSuppressed(t);
            }
          } finally {
            finished.countDown();
          }
        });
      }
      try {
        while (!finished.await(PROGRESS_POLL_MILLIS, TimeUnit.MILLISECONDS)) {
          progress.onProgress(totals.docs.sum(), totals.bytes.sum(), secondsSince(start));
        }
      } catch (InterruptedException e) {
        aborted.set(true);
        throw e;
      }
      progress.onProgress(totals.docs.sum(), totals.bytes.sum(), secondsSince(start));
    } finally {
      pool.shutdown();
    }
    rethrow(firstFailure.get());
    return totals;
  }

  /** One stream: COPY its keys into the table batch by batch, copying each committed batch into the copy table. */
  private void loadRange(DocumentTable table, KeyRange range, DocumentGenerator generator, CopyLoader loader,
      AtomicBoolean aborted, Totals totals) throws SQLException {
    DocumentTable copyTable = table.copyTable();
    try (Connection connection = connections.get();
        PreparedStatement fillCopy = connection.prepareStatement("INSERT INTO " + copyTable.qualifiedName()
            + " " + table.columnList() + " SELECT " + table.columnList().replaceAll("^\\(|\\)$", "") + " FROM "
            + table.qualifiedName() + " WHERE _id BETWEEN ? AND ?")) {
      connection.setAutoCommit(true);
      long[] nextKey = {range.first()};
      GeneratedRows rows = new GeneratedRows(generator, range.first(), range.last(), aborted::get, table.layout());
      loader.load(connection, table, rows, (batchRows, batchBytes) -> {
        long first = nextKey[0];
        long last = first + batchRows - 1;
        setKey(fillCopy, 1, first, table.idType());
        setKey(fillCopy, 2, last, table.idType());
        int copied = fillCopy.executeUpdate();
        if (copied != batchRows) {
          throw new LoadException("copying keys " + first + ".." + last + " from " + table.displayName() + " into "
              + copyTable.displayName() + " inserted " + copied + " rows, expected " + batchRows);
        }
        nextKey[0] = last + 1;
        totals.docs.add(batchRows);
        totals.bytes.add(batchBytes);
      });
    }
  }

  /** Binds with the column's own type so the comparison needs no cast (and a distributed planner can prune). */
  private static void setKey(PreparedStatement statement, int index, long key, IdType idType) throws SQLException {
    if (idType == IdType.INTEGER) {
      statement.setInt(index, Math.toIntExact(key));
    } else {
      statement.setLong(index, key);
    }
  }

  private static void rethrow(Throwable failure) throws SQLException {
    if (failure == null) {
      return;
    }
    if (failure instanceof SQLException e) {
      throw e;
    }
    if (failure instanceof RuntimeException e) {
      throw e;
    }
    if (failure instanceof Error e) {
      throw e;
    }
    throw new IllegalStateException("load stream failed", failure);
  }

  private static double secondsSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** Counters all streams add to when a batch is in both tables. */
  private static final class Totals {
    final LongAdder docs = new LongAdder();
    final LongAdder bytes = new LongAdder();
  }

  /** Keys {@code first..last}, both inclusive. */
  record KeyRange(long first, long last) {

    /** Splits keys 1..documents into at most {@code streams} contiguous ranges whose sizes differ by at most one. */
    static List<KeyRange> split(long documents, int streams) {
      List<KeyRange> ranges = new ArrayList<>();
      long base = documents / streams;
      long extra = documents % streams;
      long next = 1;
      for (int i = 0; i < streams; i++) {
        long size = base + (i < extra ? 1 : 0);
        if (size > 0) {
          ranges.add(new KeyRange(next, next + size - 1));
          next += size;
        }
      }
      return ranges;
    }
  }
}
