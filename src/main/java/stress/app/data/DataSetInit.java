package stress.app.data;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import stress.app.process.Interruption;
import stress.app.setup.ChosenDatabase;
import stress.config.Defaults;
import stress.config.InitConfig;
import stress.connect.PhysicalConnections;
import stress.model.Shape;
import stress.load.DatasetInitializer;
import stress.model.ExistingTablePolicy;
import stress.load.InitProgressListener;
import stress.load.InitRequest;
import stress.load.GeneratedLayout;
import stress.load.InitResult;
import stress.load.PreparedTable;
import stress.load.PrintingInitProgress;
import stress.load.TableSetup;
import stress.table.DocumentTable;
import stress.table.IdType;
import stress.server.dialect.Dialects;
import stress.server.TargetDetector;
import stress.server.TargetInfo;

/**
 * A table filled with generated documents: {@code stress init}, and the default data set an embedded server gets
 * before the first command that needs it.
 */
public final class DataSetInit {
  private DataSetInit() {}

  /**
   * Fills an embedded server with the default data set: always on one started for this command, and on the kept
   * one only when the table is not there yet (a kept table is used as it is, as on the user's own server). Only the
   * default table gets it: another name is the user's table, so one that finds none is refused as on any server
   * (with the table differing in case to paste) instead of becoming a table of generated documents.
   */
  public static void initializeDefault(ChosenDatabase db, String schema, String table, PrintStream out)
      throws SQLException, InterruptedException {
    initializeDefault(db, schema, table, null, out);
  }

  /** As above; a signal stops the generation at once when {@code interruption} is given (else it is not watched). */
  public static void initializeDefault(ChosenDatabase db, String schema, String table, Interruption interruption,
                                        PrintStream out) throws SQLException, InterruptedException {
    if (db.embedded() == ChosenDatabase.Embedded.NONE || !isDefaultTable(schema, table)) {
      return;
    }
    if (db.embedded() == ChosenDatabase.Embedded.KEPT) {
      try (Connection c = PhysicalConnections.open(db.spec())) {
        if (TableSetup.exists(c, schema, table)) {
          return;
        }
      }
    }
    InitConfig init = new InitConfig(Long.parseLong(Defaults.DOCS), Shape.parse(Defaults.SHAPE),
        Long.parseLong(Defaults.SEED), schema, table, ExistingTablePolicy.FAIL_IF_EXISTS,
        Integer.parseInt(Defaults.LOAD_JOBS), false);
    if (interruption != null) {
      interruption.interruptOnSignal("generating the default data set; nothing was measured");
    }
    out.println("embedded: generating the default data set (like 'stress init --docs " + init.docs()
        + " --shape small')");
    initialize(init, db, out);
  }

  /** Whether {@code schema.table} is the default data set's table, the one an embedded server generates. */
  static boolean isDefaultTable(String schema, String table) {
    return Defaults.TABLE.equals(table) && (schema == null || "public".equals(schema));
  }

  /** What {@code init} did, and against what. */
  public record Initialized(TargetInfo target, InitResult result) {}

  public static Initialized initialize(InitConfig config, ChosenDatabase db, PrintStream out)
      throws SQLException, InterruptedException {
    TargetInfo target;
    try (Connection c = PhysicalConnections.open(db.spec())) {
      target = TargetDetector.detect(c);
    }
    IdType idType = config.docs() > Integer.MAX_VALUE ? IdType.BIGINT : IdType.INTEGER;
    DocumentTable table = new DocumentTable(config.schema(), config.table(), idType);
    InitRequest request = InitRequest.of(table, config.docs(), config.shape()).withSeed(config.seed())
        .withPolicy(config.policy()).withStreams(config.jobs()).withUnlogged(config.unlogged());
    if (config.distributeBy() != null) {
      request = request.withLayout(GeneratedLayout.key(config.distributeBy(), config.shape(), config.seed(),
          config.docs()));
    } else if (config.reference()) {
      request = request.withLayout(stress.table.Layout.REFERENCE);
    }
    // a progress bar on the console; plain lines in files, pipes and CI logs
    boolean terminal = out == System.out && System.console() != null;
    InitResult result;
    try (PrintingInitProgress progress = PrintingInitProgress.forOutput(out, config.docs(), terminal)) {
      // announced once the tables are checked, so that a refusal is never preceded by a plan
      InitProgressListener announcing = new InitProgressListener() {
        @Override
        public void onLoading(PreparedTable prepared) {
          out.println("init: " + target.kind().displayName() + ", " + tablesDone(prepared.action(),
              prepared.copyTableCreated(), table) + (config.unlogged() ? " (UNLOGGED)" : "") + ", loading " + config.docs() + " "
              + config.shape().name().toLowerCase() + " documents, seed " + config.seed()
              + (prepared.table().layout().kind() == stress.table.Layout.Kind.ID ? ""
              : "; " + prepared.table().layout().describe()));
        }

        @Override
        public void onProgress(long docs, long bytes, double seconds) {
          progress.onProgress(docs, bytes, seconds);
        }

        @Override
        public void onComplete(long docs, long bytes, double seconds) {
          progress.onComplete(docs, bytes, seconds);
        }
      };
      result = new DatasetInitializer(() -> PhysicalConnections.open(db.spec()), Dialects.forTarget(target))
          .initialize(request, announcing);
    }
    if (result.tableNote() != null) {
      out.println("init: " + result.tableNote());
    }
    if (result.keptExistingRows()) {
      // nothing was loaded, so no line announced the tables: say here what was done with them
      out.println("init: " + tablesDone(result.tableAction(), result.copyTableCreated(), table)
          + (config.unlogged() ? " (UNLOGGED)" : "") + "; " + table.displayName() + " already had rows, kept as they"
          + " are" + (result.copyTableCreated() ? ", and " + table.copyTable().displayName() + " is empty" : ""));
    }
    return new Initialized(target, result);
  }

  /** "created t and t_copy", or "reused t, created t_copy" when only the copy table was missing. */
  private static String tablesDone(PreparedTable.Action action, boolean copyTableCreated, DocumentTable table) {
    if (copyTableCreated) {
      return "reused " + table.displayName() + ", created " + table.copyTable().displayName();
    }
    return action.name().toLowerCase() + " " + table.displayName() + " and " + table.copyTable().displayName();
  }

}
