package stress.load.importer;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.BooleanSupplier;
import stress.dump.document.DocumentConverter;
import stress.dump.document.IdConverter;
import stress.dump.document.IdDetection;
import stress.dump.document.IdTextForm;
import stress.dump.ReadPolicy;
import stress.load.ConnectionSupplier;
import stress.load.importer.connection.StreamConnection;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.model.ExistingTablePolicy;
import stress.load.LoadException;
import stress.load.PreparedTable;
import stress.load.TableSetup;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.Dialect;

/**
 * Before a collection is read for loading: chooses the {@code _id} type (a first pass over the collection unless
 * {@code --id-type} is given), sets up the table, and reconciles it with the checkpoints of earlier runs
 * ({@code --resume}), so the reader knows which document ranges are committed already.
 */
final class CollectionSetup {
  private final ImportRequest request;
  private final ConnectionSupplier connections;
  private final Dialect dialect;
  private final ProgressTable progress;
  private final Object ddlLock;
  private final ImportListener listener;
  private final BooleanSupplier stopping;
  private final IdPasses idPasses;

  CollectionSetup(ImportRequest request, ConnectionSupplier connections, Dialect dialect, ProgressTable progress,
                  Object ddlLock, ImportListener listener, BooleanSupplier stopping, IdPasses idPasses) {
    this.request = request;
    this.idPasses = idPasses;
    this.connections = connections;
    this.dialect = dialect;
    this.progress = progress;
    this.ddlLock = ddlLock;
    this.listener = listener;
    this.stopping = stopping;
  }

  /**
   * Sets up the table and converter; returns the earlier checkpoints, or null when earlier runs finished it or a stop
   * came before its {@code _id} type was known.
   */
  List<ProgressTable.Checkpoint> prepare(CollectionRun run) throws IOException, SQLException {
    // The name does not depend on the _id type, so a collection finished by an earlier run is not read again.
    String target = new DocumentTable(request.naming().schema(), run.tableName, IdType.TEXT).qualifiedName();
    boolean finishedEarlier = false;
    if (request.resume()) {
      try (Connection c = connections.get()) {
        finishedEarlier = ProgressTable.complete(progress.read(c, run.source(), target));
      }
    }
    boolean detecting = request.idType() == null && !finishedEarlier;
    ExistingTablePolicy policy = request.resume() ? ExistingTablePolicy.REUSE : request.policy();
    // A table that does not exist yet is created while the pass still runs, with the type the first documents give;
    // the pass confirms it or the table is made again (it is empty: nothing is loaded before the pass ends).
    IdType guess = detecting && policy == ExistingTablePolicy.FAIL_IF_EXISTS ? idPasses.guess(run) : null;
    try (Connection c = connections.get()) {
      c.setAutoCommit(true);
      if (dialect.commitsLocally()) {
        StreamConnection.commitAsynchronously(c);
      }
      PreparedTable early = guess == null ? null : prepareTable(c, run, guess, policy);
      IdDetection detection;
      try {
        detection = detecting ? idPasses.detection(run) : null;
      } catch (IOException | RuntimeException e) {
        if (early != null) {
          TableSetup.drop(c, early.table()); // the collection fails as it did before its table was made
        }
        throw e;
      }
      if (detection != null && stopping.getAsBoolean()) {
        // a detection cut short knows only part of the _ids (or none: "text, no _id seen"); a table made from it would
        // keep that type when --resume reuses it, so none is left and --resume starts this collection afresh
        if (early != null) {
          TableSetup.drop(c, early.table());
        }
        run.end(CollectionResult.Status.INTERRUPTED, "stopped while its _id type was being detected, before its table"
            + " was created; --resume starts it");
        return null;
      }
      IdType wantedType = request.idType() != null ? request.idType() : detection != null ? detection.type()
          : IdType.TEXT;
      PreparedTable prepared;
      if (early == null) {
        prepared = prepareTable(c, run, wantedType, policy);
      } else if (early.table().idType() == wantedType) {
        prepared = early;
      } else {
        PreparedTable again = prepareTable(c, run, wantedType, ExistingTablePolicy.DROP_EXISTING);
        prepared = new PreparedTable(again.table(), early.action(), again.note());
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
      run.ready(table, converter, idChoice(detection, table, prepared.action()) + layoutChoice(run, table));

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
          prepared.action(), idChoice(detection, table, prepared.action()) + layoutChoice(run, table), run.earlierDocs(),
          complete));
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

  /** Sets up the collection's table with {@code idType} under {@code policy}; names an unfinished earlier import. */
  private PreparedTable prepareTable(Connection c, CollectionRun run, IdType idType, ExistingTablePolicy policy)
      throws SQLException {
    DocumentTable wanted = new DocumentTable(request.naming().schema(), run.tableName, idType, run.layout);
    synchronized (ddlLock) {
      try {
        return TableSetup.prepare(c, dialect, wanted, policy, false, run.layoutGiven);
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
  }

  /** The layout line of the summary: what was asked and read, or what the existing table has. */
  private static String layoutChoice(CollectionRun run, DocumentTable table) {
    if (run.layoutSummary != null) {
      return "; " + run.layoutSummary;
    }
    return table.layout().kind() == stress.table.Layout.Kind.ID ? "" : "; " + table.layout().describe()
        + " (the existing table's layout)";
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
}
