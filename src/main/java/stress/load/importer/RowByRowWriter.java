package stress.load.importer;

import static stress.load.importer.RejectEntries.entry;
import static stress.load.importer.RejectEntries.rejection;
import static stress.load.importer.RejectEntries.repeatedFieldNotes;
import static stress.load.importer.RejectEntries.serverMessage;
import static stress.load.importer.RejectEntries.shown;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.dump.document.DocumentRejectedException;
import stress.load.importer.connection.StreamConnection;
import stress.table.DocumentTable;

/**
 * The load stream's path when COPY cannot take a batch: the rows go in with
 * {@code INSERT ... ON CONFLICT (_id) DO NOTHING} in JDBC batches, and the rows it did not insert are the duplicates,
 * rejected or skipped, or for {@code --on-duplicate update} updated afterwards. When the server refuses a row,
 * the next attempt isolates it: each round trip under a savepoint, halved until the refused row is found and
 * rejected with the server's message; where the server has no savepoints (Postgres-XL 10), by probing in trial
 * transactions that are rolled back, and the attempt runs again without the refused rows.
 */
final class RowByRowWriter {
  private static final int STATEMENTS_PER_ROUND_TRIP = 1000;
  private static final int MAX_ATTEMPTS = 5;

  private final StreamConnection connection;
  private final ProgressTable progress;
  private final RejectsFile rejects;
  private final DuplicatePolicy duplicates;
  /** False once the server refused a SAVEPOINT (Postgres-XL 10 has none): refused rows are then found by probing. */
  private boolean savepoints = true;

  RowByRowWriter(StreamConnection connection, ProgressTable progress, RejectsFile rejects, DuplicatePolicy duplicates) {
    this.connection = connection;
    this.progress = progress;
    this.rejects = rejects;
    this.duplicates = duplicates;
  }

  /** Writes the settled batch and commits it with its checkpoint, retrying a deadlock or serialization failure. */
  BatchWriter.Outcome write(Batch batch, BatchSettlement.Settled settled) throws SQLException, IOException {
    CollectionRun run = batch.run();
    DocumentTable table = run.table();
    String type = table.idType().sql();
    stress.table.Layout layout = table.layout();
    // with a key column: its value after the _id, and the row found again by both
    String keyValue = layout.keyed() ? ", CAST(? AS " + layout.type().sql() + ")" : "";
    String insert = "INSERT INTO " + table.qualifiedName() + " " + table.columnList() + " VALUES (CAST(? AS " + type
        + ")" + keyValue + ", CAST(? AS jsonb)) ON CONFLICT " + layout.primaryKey() + " DO NOTHING";
    String update = "UPDATE " + table.qualifiedName() + " SET data = CAST(? AS jsonb) WHERE _id = CAST(? AS " + type + ")"
        + (layout.keyed() ? " AND " + layout.quotedColumn() + " IS NOT DISTINCT FROM CAST(? AS "
        + layout.type().sql() + ")" : "");
    List<BatchRow> all = new ArrayList<>(settled.rows.values());
    // rows the server refused, found without savepoints: left out of the next attempt and rejected
    Map<BatchRow, String> serverRefused = new IdentityHashMap<>();
    boolean isolating = false;
    for (int attempt = 1; ; attempt++) {
      Connection c = connection.transaction();
      List<BatchRow> rows = all.stream().filter(row -> !serverRefused.containsKey(row)).toList();
      try {
        List<BatchRow> existing = new ArrayList<>();
        List<RejectsFile.Entry> refused = new ArrayList<>(settled.refused);
        for (BatchRow row : all) {
          if (serverRefused.containsKey(row)) {
            refused.add(entry(run, rejection(row.document(), "the server refused the row: " + serverRefused.get(row)),
                false));
          }
        }
        int refusedBefore = refused.size();
        execute(c, insert, rows, isolating, existing, refused, run, (ps, row) -> {
          ps.setString(1, row.id());
          if (layout.keyed()) {
            ps.setString(2, row.encoded().key());
          }
          ps.setString(layout.keyed() ? 3 : 2, json(run, row));
        });
        long skipped = settled.skipped;
        long updated = settled.updated;
        long insertedOrUpdated = rows.size() - existing.size() - (refused.size() - refusedBefore);
        if (duplicates == DuplicatePolicy.UPDATE) {
          List<BatchRow> gone = new ArrayList<>();
          int before = refused.size();
          execute(c, update, existing, isolating, gone, refused, run, (ps, row) -> {
            ps.setString(1, json(run, row));
            ps.setString(2, row.id());
            if (layout.keyed()) {
              ps.setString(3, row.encoded().key());
            }
          });
          long updatedNow = existing.size() - gone.size() - (refused.size() - before);
          // a row deleted since the INSERT saw it cannot happen inside one import; count it as refused if it does
          for (BatchRow row : gone) {
            refused.add(entry(run, rejection(row.document(), "duplicate _id " + shown(row.id())
                + ": the row vanished before it could be updated"), false));
          }
          updated += updatedNow;
          insertedOrUpdated += updatedNow;
        } else {
          boolean skip = duplicates == DuplicatePolicy.SKIP;
          for (BatchRow row : existing) {
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
        BatchWriter.Outcome outcome = new BatchWriter.Outcome(insertedOrUpdated + settled.updated, refused.size(),
            skipped, updated, notes.size());
        rejects.write(refused);
        rejects.write(notes);
        progress.record(c, BatchWriter.checkpoint(batch, outcome));
        c.commit();
        return outcome;
      } catch (RefusedWithoutSavepoints r) {
        // the transaction is rolled back already; each round adds a refused row or turns savepoints off, so it ends
        serverRefused.putAll(r.refused);
        isolating = true;
        attempt--;
      } catch (SQLException e) {
        connection.rollbackQuietly(e);
        if (CopyFailures.retryable(e) && attempt < MAX_ATTEMPTS) {
          continue;
        }
        if (!isolating && CopyFailures.dataError(e)) {
          isolating = true; // find the row the server refuses
          continue;
        }
        throw e;
      }
    }
  }

  /** Binds one row's parameters. */
  @FunctionalInterface
  private interface Binder {
    void bind(PreparedStatement statement, BatchRow row) throws SQLException;
  }

  /**
   * Runs the statement for every row in JDBC batches; rows whose update count is 0 go to {@code zero}. When
   * isolating, each round trip runs under a savepoint and a failing one is halved until the refused row is found,
   * which is then rejected with the server's message.
   */
  private void execute(Connection c, String sql, List<BatchRow> rows, boolean isolating, List<BatchRow> zero,
                       List<RejectsFile.Entry> refused, CollectionRun run, Binder binder) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int from = 0; from < rows.size(); from += STATEMENTS_PER_ROUND_TRIP) {
        List<BatchRow> chunk = rows.subList(from, Math.min(rows.size(), from + STATEMENTS_PER_ROUND_TRIP));
        if (isolating) {
          isolate(c, ps, chunk, zero, refused, run, binder);
        } else {
          collectZeros(chunk, run(ps, chunk, binder), zero);
        }
      }
    }
  }

  private void isolate(Connection c, PreparedStatement ps, List<BatchRow> chunk, List<BatchRow> zero,
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
      connection.rollbackQuietly(e);
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
        BatchRow row = chunk.get(0);
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
   * Isolating where the server has no savepoints: a chunk that fails on a row rolls the whole attempt back; its
   * refused rows are then found by halving, each try in a transaction of its own that is rolled back, and the attempt
   * is run again without them.
   */
  private void isolateWithoutSavepoints(Connection c, PreparedStatement ps, List<BatchRow> chunk, List<BatchRow> zero,
                                        Binder binder) throws SQLException {
    try {
      collectZeros(chunk, run(ps, chunk, binder), zero);
      return;
    } catch (SQLException e) {
      if (CopyFailures.retryable(e) || !CopyFailures.dataError(e)) {
        throw e;
      }
      c.rollback();
      Map<BatchRow, String> found = new IdentityHashMap<>();
      probe(c, ps, chunk, binder, found);
      if (found.isEmpty()) {
        throw e; // no row fails on its own: the failure needs the rest of the transaction, nothing to reject
      }
      throw new RefusedWithoutSavepoints(found);
    }
  }

  /** Runs rows in a transaction that is rolled back, halving the ones that fail down to single refused rows. */
  private static void probe(Connection c, PreparedStatement ps, List<BatchRow> rows, Binder binder,
                            Map<BatchRow, String> found) throws SQLException {
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

  /** Ends an attempt (rolled back) with the rows the server refused, found without savepoints. */
  private static final class RefusedWithoutSavepoints extends RuntimeException {
    final transient Map<BatchRow, String> refused;

    RefusedWithoutSavepoints(Map<BatchRow, String> refused) {
      super("rows refused by the server", null, false, false);
      this.refused = refused;
    }
  }

  private static int[] run(PreparedStatement ps, List<BatchRow> chunk, Binder binder) throws SQLException {
    for (BatchRow row : chunk) {
      binder.bind(ps, row);
      ps.addBatch();
    }
    try {
      return ps.executeBatch();
    } finally {
      ps.clearBatch();
    }
  }

  private static void collectZeros(List<BatchRow> chunk, int[] counts, List<BatchRow> zero) {
    for (int i = 0; i < chunk.size(); i++) {
      if (counts[i] == 0) {
        zero.add(chunk.get(i));
      }
    }
  }

  /** The row's JSON as text, for this rare path: converted again rather than kept for every row. */
  private static String json(CollectionRun run, BatchRow row) {
    try {
      return run.converter().convert(row.document()).json();
    } catch (DocumentRejectedException e) {
      throw new IllegalStateException("document #" + row.document().index() + " converted when read but not now: "
          + e.getMessage(), e);
    }
  }
}
