package stress.load.importer;

import java.io.IOException;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.dump.DocumentRejectedException;
import stress.dump.DumpDocument;
import stress.dump.Rejection;
import stress.load.ConnectionSupplier;
import stress.load.CopyBatching;
import stress.load.CopyLoader;
import stress.load.EncodedRow;
import stress.load.LoadException;
import stress.table.DocumentTable;

/**
 * One load stream: writes batches on its own connection, each in one transaction together with its checkpoint.
 *
 * <p>Fast path: the rows, already in COPY text form (the reader converted each document, {@link DocumentEncoder}), go
 * in with one COPY ({@link CopyLoader#copyWithoutCommit}) as they are settled one by one: duplicates within the batch
 * are settled on the client as they come, and the rejects are flushed to the rejects file before the commit.
 * Under {@code --on-duplicate update} a later document of the batch replacing a row already sent rolls the COPY back
 * and the settled batch is sent again. When COPY fails on an {@code _id} already in the table (23505), on a deadlock with another stream, or on a row the server refuses, the
 * transaction is rolled back and the batch is written again row by row with
 * {@code INSERT ... ON CONFLICT (_id) DO NOTHING}: the rows it did not insert are the duplicates, rejected or
 * skipped, or for {@code --on-duplicate update} updated afterwards. A row the server refuses is found by halving
 * under savepoints (where the server has none, as Postgres-XL 10, in trial transactions that are rolled back) and
 * rejected with the server's message. Nothing of a batch is committed unless all of it is
 * accounted for.
 *
 * <p>Where a commit is one server's own ({@link stress.target.Dialect#commitsLocally()}: plain PostgreSQL), each
 * batch commits with {@code synchronous_commit} off, so the stream does not wait for the disk between batches: a
 * server crash may lose the last batches, but each together with its checkpoint, so {@code --resume} redoes them.
 * The importer makes it all durable at the end ({@link DumpImporter}).
 */
final class BatchWriter implements AutoCloseable {
  private static final int STATEMENTS_PER_ROUND_TRIP = 1000;
  private static final int MAX_ATTEMPTS = 5;
  private static final int SHOWN_ID_CHARS = 60;

  private final ConnectionSupplier connections;
  private final ProgressTable progress;
  private final RejectsFile rejects;
  private final DuplicatePolicy duplicates;
  private final boolean asyncCommits;
  private final CopyLoader copy = new CopyLoader(new CopyBatching(Long.MAX_VALUE, Long.MAX_VALUE));
  private Connection connection;
  /** False once the server refused a SAVEPOINT (Postgres-XL 10 has none): refused rows are then found by probing. */
  private boolean savepoints = true;

  BatchWriter(ConnectionSupplier connections, ProgressTable progress, RejectsFile rejects, DuplicatePolicy duplicates,
              boolean asyncCommits) {
    this.connections = connections;
    this.progress = progress;
    this.rejects = rejects;
    this.duplicates = duplicates;
    this.asyncCommits = asyncCommits;
  }

  /** A row for the table and the document it came from. */
  private record Row(KeptDocument kept) {
    String id() {
      return kept.row().id();
    }

    EncodedRow encoded() {
      return kept.row();
    }

    /** The document whole again (a copy): for the rare paths that reject it or convert it once more. */
    DumpDocument document() {
      return kept.document();
    }
  }

  /** What one batch became. */
  record Outcome(long loaded, long rejected, long skipped, long updated, long repeatedFields) {}

  /** The batch after conversion: unique rows in read order, and what was refused on the client. */
  private static final class Converted {
    final Map<String, Row> rows;
    final List<RejectsFile.Entry> refused = new ArrayList<>();
    long skipped;
    long updated;

    Converted(int documents) {
      rows = new LinkedHashMap<>(documents * 4 / 3 + 1);
    }
  }

  /**
   * Writes a batch and commits it with its checkpoint.
   *
   * @throws SQLException when the server refuses the batch as a whole (not one of its documents)
   * @throws IOException  when the rejects file cannot be written
   */
  Outcome write(Batch batch) throws SQLException, IOException {
    Conversion conversion = new Conversion(batch);
    try {
      return streamedPath(batch, conversion);
    } catch (SQLException e) {
      rollbackQuietly(e);
      if (!CopyFailures.worthRowByRow(e)) {
        rejects.write(conversion.finish().refused);
        throw e;
      }
    } catch (LoadException e) {
      // the COPY text encoder refused a value; the row-by-row path finds which row and rejects it
      rollbackQuietly(e);
    } catch (LaterDocumentWins e) {
      // --on-duplicate update met an _id twice in the batch after the first row was sent: load the settled batch
      rollbackQuietly(e);
      Converted converted = conversion.finish();
      rejects.write(converted.refused);
      try {
        return fastPath(batch, converted);
      } catch (SQLException f) {
        rollbackQuietly(f);
        if (!CopyFailures.worthRowByRow(f)) {
          throw f;
        }
      } catch (LoadException f) {
        rollbackQuietly(f);
      }
    } catch (IOException | RuntimeException | Error e) {
      rollbackQuietly(e);
      throw e;
    }
    Converted converted = conversion.finish();
    rejects.write(converted.refused);
    return slowPath(batch, batch.run().table(), converted);
  }

  /**
   * The fast path with conversion and COPY overlapping: each document is converted as the COPY asks for the next
   * row, so the server stores the rows already sent meanwhile. The rejects and the checkpoint follow the COPY in
   * the same transaction.
   */
  private Outcome streamedPath(Batch batch, Conversion conversion) throws SQLException, IOException {
    Connection c = transaction();
    copy.copyWithoutCommit(c, batch.run().table(), conversion.streamed());
    Converted converted = conversion.finish();
    List<RejectsFile.Entry> notes = repeatedFieldNotes(batch.run(), converted.rows.values());
    Outcome outcome = new Outcome(converted.rows.size() + converted.updated, converted.refused.size(), converted.skipped,
        converted.updated, notes.size());
    rejects.write(converted.refused);
    rejects.write(notes);
    progress.record(c, checkpoint(batch, outcome));
    c.commit();
    return outcome;
  }

  /** Thrown while streaming when a later document must replace a row already sent (--on-duplicate update). */
  private static final class LaterDocumentWins extends RuntimeException {
    LaterDocumentWins() {
      super("a later document replaces a row already sent", null, false, false);
    }
  }

  /** Converts a batch's documents one by one, as the COPY or the row-by-row path needs them. */
  private final class Conversion {
    private final CollectionRun run;
    private final List<BatchItem> items;
    private final Converted converted;
    private int next;

    Conversion(Batch batch) {
      run = batch.run();
      items = batch.items();
      converted = new Converted(items.size());
    }

    /** The unique rows for COPY, converting as they are asked for. */
    Iterator<EncodedRow> streamed() {
      return new Iterator<>() {
        private Row pending;

        @Override
        public boolean hasNext() {
          while (pending == null && next < items.size()) {
            pending = accept(items.get(next));
            next++;
            if (converted.updated > 0) {
              throw new LaterDocumentWins();
            }
          }
          return pending != null;
        }

        @Override
        public EncodedRow next() {
          if (!hasNext()) {
            throw new java.util.NoSuchElementException();
          }
          Row row = pending;
          pending = null;
          return row.encoded();
        }
      };
    }

    /** Converts what is left and returns the whole batch settled. */
    Converted finish() {
      while (next < items.size()) {
        accept(items.get(next));
        next++;
      }
      return converted;
    }

    /** Settles one item; returns its row when it is a new unique row for the table. */
    private Row accept(BatchItem item) {
      if (item instanceof BatchItem.Refused refused) {
        converted.refused.add(entry(run, refused.rejection(), false));
        return null;
      }
      KeptDocument document = (KeptDocument) item;
      Row mine = new Row(document);
      Row earlier = converted.rows.get(mine.id());
      if (earlier == null) {
        converted.rows.put(mine.id(), mine);
        return mine;
      }
      if (duplicates == DuplicatePolicy.UPDATE) {
        converted.rows.put(mine.id(), mine); // the later document wins, as it would replace the row
        converted.updated++;
        return null;
      }
      boolean skip = duplicates == DuplicatePolicy.SKIP;
      String reason = "duplicate _id " + shown(mine.id()) + ": document #" + earlier.kept().index()
          + " of this collection has the same _id" + (skip ? " (skipped)" : "");
      converted.refused.add(entry(run, rejection(document.document(), reason), skip));
      if (skip) {
        converted.skipped++;
      }
      return null;
    }
  }

  private Outcome fastPath(Batch batch, Converted converted) throws SQLException, IOException {
    Connection c = transaction();
    List<RejectsFile.Entry> notes = repeatedFieldNotes(batch.run(), converted.rows.values());
    Outcome outcome = new Outcome(converted.rows.size() + converted.updated, converted.refused.size(), converted.skipped,
        converted.updated, notes.size());
    rejects.write(notes);
    progress.record(c, checkpoint(batch, outcome));
    if (converted.rows.isEmpty()) {
      c.commit();
    } else {
      copy.load(c, batch.run().table(), converted.rows.values().stream().map(Row::encoded).iterator());
      // commits the rows and the checkpoint together
    }
    return outcome;
  }

  private Outcome slowPath(Batch batch, DocumentTable table, Converted converted) throws SQLException, IOException {
    CollectionRun run = batch.run();
    String type = table.idType().sql();
    String insert = "INSERT INTO " + table.qualifiedName() + " (_id, data) VALUES (CAST(? AS " + type + "), CAST(? AS jsonb))"
        + " ON CONFLICT (_id) DO NOTHING";
    String update = "UPDATE " + table.qualifiedName() + " SET data = CAST(? AS jsonb) WHERE _id = CAST(? AS " + type + ")";
    List<Row> all = new ArrayList<>(converted.rows.values());
    // rows the server refused, found without savepoints: left out of the next attempt and rejected
    Map<Row, String> serverRefused = new IdentityHashMap<>();
    boolean careful = false;
    for (int attempt = 1; ; attempt++) {
      Connection c = transaction();
      List<Row> rows = all.stream().filter(row -> !serverRefused.containsKey(row)).toList();
      try {
        List<Row> existing = new ArrayList<>();
        List<RejectsFile.Entry> refused = new ArrayList<>(converted.refused);
        for (Row row : all) {
          if (serverRefused.containsKey(row)) {
            refused.add(entry(run, rejection(row.document(), "the server refused the row: " + serverRefused.get(row)),
                false));
          }
        }
        int refusedBefore = refused.size();
        execute(c, insert, rows, careful, existing, refused, run, (ps, row) -> {
          ps.setString(1, row.id());
          ps.setString(2, json(run, row));
        });
        long skipped = converted.skipped;
        long updated = converted.updated;
        long insertedOrUpdated = rows.size() - existing.size() - (refused.size() - refusedBefore);
        if (duplicates == DuplicatePolicy.UPDATE) {
          List<Row> gone = new ArrayList<>();
          int before = refused.size();
          execute(c, update, existing, careful, gone, refused, run, (ps, row) -> {
            ps.setString(1, json(run, row));
            ps.setString(2, row.id());
          });
          long updatedNow = existing.size() - gone.size() - (refused.size() - before);
          // a row deleted since the INSERT saw it cannot happen inside one import; count it as refused if it does
          for (Row row : gone) {
            refused.add(entry(run, rejection(row.document(), "duplicate _id " + shown(row.id())
                + ": the row vanished before it could be updated"), false));
          }
          updated += updatedNow;
          insertedOrUpdated += updatedNow;
        } else {
          boolean skip = duplicates == DuplicatePolicy.SKIP;
          for (Row row : existing) {
            refused.add(entry(run, rejection(row.document(), "duplicate _id " + shown(row.id()) + ": the table already"
                + " has a row with this _id (from an earlier document of this collection, or from before the import)"
                + (skip ? " (skipped)" : "")), skip));
            if (skip) {
              skipped++;
            }
          }
        }
        Set<Long> notLoaded = new HashSet<>();
        refused.forEach(e -> notLoaded.add(e.rejection().index()));
        if (duplicates != DuplicatePolicy.UPDATE) {
          existing.forEach(row -> notLoaded.add(row.kept().index()));
        }
        List<RejectsFile.Entry> notes = repeatedFieldNotes(run,
            rows.stream().filter(row -> !notLoaded.contains(row.kept().index())).toList());
        Outcome outcome = new Outcome(insertedOrUpdated + converted.updated, refused.size(), skipped, updated,
            notes.size());
        rejects.write(refused);
        rejects.write(notes);
        progress.record(c, checkpoint(batch, outcome));
        c.commit();
        return outcome;
      } catch (RefusedWithoutSavepoints r) {
        // the transaction is rolled back already; each round adds a refused row or turns savepoints off, so it ends
        serverRefused.putAll(r.refused);
        careful = true;
        attempt--;
      } catch (SQLException e) {
        rollbackQuietly(e);
        if (CopyFailures.retryable(e) && attempt < MAX_ATTEMPTS) {
          continue;
        }
        if (!careful && CopyFailures.dataError(e)) {
          careful = true; // find the row the server refuses
          continue;
        }
        throw e;
      }
    }
  }

  /** Binds one row's parameters. */
  @FunctionalInterface
  private interface Binder {
    void bind(PreparedStatement statement, Row row) throws SQLException;
  }

  /**
   * Runs the statement for every row in JDBC batches; rows whose update count is 0 go to {@code zero}. In careful
   * mode each round trip runs under a savepoint and a failing one is halved until the refused row is found, which is
   * then rejected with the server's message.
   */
  private void execute(Connection c, String sql, List<Row> rows, boolean careful, List<Row> zero,
                       List<RejectsFile.Entry> refused, CollectionRun run, Binder binder) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int from = 0; from < rows.size(); from += STATEMENTS_PER_ROUND_TRIP) {
        List<Row> chunk = rows.subList(from, Math.min(rows.size(), from + STATEMENTS_PER_ROUND_TRIP));
        if (careful) {
          isolate(c, ps, chunk, zero, refused, run, binder);
        } else {
          collectZeros(chunk, run(ps, chunk, binder), zero);
        }
      }
    }
  }

  private void isolate(Connection c, PreparedStatement ps, List<Row> chunk, List<Row> zero,
                       List<RejectsFile.Entry> refused, CollectionRun run, Binder binder) throws SQLException {
    if (!savepoints) {
      isolateWithoutSavepoints(c, ps, chunk, zero, binder);
      return;
    }
    Savepoint savepoint;
    try {
      savepoint = c.setSavepoint();
    } catch (SQLException e) {
      // Postgres-XL: "SAVEPOINT is not yet supported." (SQLState 54001), and the transaction is aborted
      savepoints = false;
      rollbackQuietly(e);
      throw new RefusedWithoutSavepoints(Map.of());
    }
    int[] counts;
    try {
      counts = run(ps, chunk, binder);
    } catch (SQLException e) {
      if (CopyFailures.retryable(e) || !CopyFailures.dataError(e)) {
        throw e;
      }
      c.rollback(savepoint);
      if (chunk.size() == 1) {
        Row row = chunk.get(0);
        refused.add(entry(run, rejection(row.document(), "the server refused the row: " + serverMessage(e)), false));
      } else {
        int half = chunk.size() / 2;
        isolate(c, ps, chunk.subList(0, half), zero, refused, run, binder);
        isolate(c, ps, chunk.subList(half, chunk.size()), zero, refused, run, binder);
      }
      return;
    }
    c.releaseSavepoint(savepoint);
    collectZeros(chunk, counts, zero);
  }

  /**
   * Careful mode where the server has no savepoints: a chunk that fails on a row rolls the whole attempt back; its
   * refused rows are then found by halving, each try in a transaction of its own that is rolled back, and the attempt
   * is run again without them.
   */
  private void isolateWithoutSavepoints(Connection c, PreparedStatement ps, List<Row> chunk, List<Row> zero,
                                        Binder binder) throws SQLException {
    try {
      collectZeros(chunk, run(ps, chunk, binder), zero);
      return;
    } catch (SQLException e) {
      if (CopyFailures.retryable(e) || !CopyFailures.dataError(e)) {
        throw e;
      }
      c.rollback();
      Map<Row, String> found = new IdentityHashMap<>();
      probe(c, ps, chunk, binder, found);
      if (found.isEmpty()) {
        throw e; // no row fails on its own: the failure needs the rest of the transaction, nothing to reject
      }
      throw new RefusedWithoutSavepoints(found);
    }
  }

  /** Runs rows in a transaction that is rolled back, halving the ones that fail down to single refused rows. */
  private static void probe(Connection c, PreparedStatement ps, List<Row> rows, Binder binder, Map<Row, String> found)
      throws SQLException {
    try {
      run(ps, rows, binder);
      c.rollback();
    } catch (SQLException e) {
      c.rollback();
      if (CopyFailures.retryable(e) || !CopyFailures.dataError(e)) {
        throw e;
      }
      if (rows.size() == 1) {
        found.put(rows.get(0), serverMessage(e));
        return;
      }
      int half = rows.size() / 2;
      probe(c, ps, rows.subList(0, half), binder, found);
      probe(c, ps, rows.subList(half, rows.size()), binder, found);
    }
  }

  /** Ends an attempt of the row-by-row path (rolled back) with the rows the server refused, found without savepoints. */
  private static final class RefusedWithoutSavepoints extends RuntimeException {
    final Map<Row, String> refused;

    RefusedWithoutSavepoints(Map<Row, String> refused) {
      super("rows refused by the server", null, false, false);
      this.refused = refused;
    }
  }

  private static int[] run(PreparedStatement ps, List<Row> chunk, Binder binder) throws SQLException {
    for (Row row : chunk) {
      binder.bind(ps, row);
      ps.addBatch();
    }
    try {
      return ps.executeBatch();
    } finally {
      ps.clearBatch();
    }
  }

  private static void collectZeros(List<Row> chunk, int[] counts, List<Row> zero) {
    for (int i = 0; i < chunk.size(); i++) {
      if (counts[i] == 0) {
        zero.add(chunk.get(i));
      }
    }
  }

  /** The row's JSON as text, for the row-by-row path (rare): converted again rather than kept for every row. */
  private static String json(CollectionRun run, Row row) {
    try {
      return run.converter().convert(row.document()).json();
    } catch (DocumentRejectedException e) {
      throw new IllegalStateException("document #" + row.document().index() + " converted when read but not now: "
          + e.getMessage(), e);
    }
  }

  private static ProgressTable.Checkpoint checkpoint(Batch batch, Outcome outcome) {
    CollectionRun run = batch.run();
    return new ProgressTable.Checkpoint(run.source(), run.table().qualifiedName(), batch.firstIndex(), batch.lastIndex(),
        outcome.loaded(), outcome.rejected(), outcome.skipped(), outcome.updated(), batch.bytes(), batch.endOfStream(),
        batch.stopReason());
  }

  private static RejectsFile.Entry entry(CollectionRun run, Rejection rejection, boolean skipped) {
    return entry(run, rejection, skipped ? RejectsFile.Action.SKIPPED : RejectsFile.Action.REJECTED);
  }

  private static RejectsFile.Entry entry(CollectionRun run, Rejection rejection, RejectsFile.Action action) {
    DocumentTable table = run.table();
    return new RejectsFile.Entry(rejection, run.collection.namespace().toString(),
        table == null ? run.tableName : table.displayName(), action);
  }

  /**
   * Lines for the loaded rows whose document had a repeated field name that --repeated-fields let through: they are
   * loaded, and listed so that the user knows which documents hold one value fewer than MongoDB shows.
   */
  private static List<RejectsFile.Entry> repeatedFieldNotes(CollectionRun run, Collection<Row> loaded) {
    List<RejectsFile.Entry> notes = new ArrayList<>();
    for (Row row : loaded) {
      String note = row.kept().repeatedFields();
      if (note != null) {
        notes.add(entry(run, rejection(row.document(), note), RejectsFile.Action.LOADED));
      }
    }
    return notes;
  }

  private static Rejection rejection(DumpDocument document, String reason) {
    return new Rejection(document.source(), document.offset(), document.index(), document.length(), reason,
        document.bytes());
  }

  private static String shown(String id) {
    String text = id.length() > SHOWN_ID_CHARS ? id.substring(0, SHOWN_ID_CHARS) + "..." : id;
    return "'" + text + "'";
  }

  private static String serverMessage(SQLException e) {
    SQLException cause = e instanceof BatchUpdateException && e.getNextException() != null ? e.getNextException() : e;
    String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
    return message.strip().replace('\n', ' ') + (cause.getSQLState() == null ? "" : " (SQLState " + cause.getSQLState() + ")");
  }

  /** The stream's connection with a transaction started, committing asynchronously where that is safe. */
  private Connection transaction() throws SQLException {
    Connection c = connection();
    c.setAutoCommit(false);
    if (asyncCommits) {
      try (Statement s = c.createStatement()) {
        s.execute("SET LOCAL synchronous_commit TO off");
      }
    }
    return c;
  }

  private Connection connection() throws SQLException {
    if (connection == null || connection.isClosed()) {
      connection = connections.get();
    }
    return connection;
  }

  private void rollbackQuietly(Throwable failure) {
    try {
      if (connection != null && !connection.isClosed() && !connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException e) {
      failure.addSuppressed(e);
      closeConnection();
    }
  }

  /** Drops the connection after a failure that may have left it unusable; the next batch opens a new one. */
  void closeConnection() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // the connection is being discarded after a failure that is reported already
      }
      connection = null;
    }
  }

  @Override
  public void close() {
    closeConnection();
  }
}
