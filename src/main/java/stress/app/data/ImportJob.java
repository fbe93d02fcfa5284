package stress.app.data;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import stress.app.process.ExitCode;
import stress.app.process.Interruption;
import stress.app.setup.ChosenDatabase;
import stress.connect.ConnectionOptions;
import stress.connect.ConnectionResolver;
import stress.connect.DriverSettings;
import stress.connect.PhysicalConnections;
import stress.connect.ServerPlacement;
import stress.load.importer.DumpImporter;
import stress.load.importer.ImportRequest;
import stress.load.importer.progress.ImportResult;
import stress.load.importer.PrintingImportListener;
import stress.metrics.client.ClientMeter;
import stress.server.dialect.Dialect;
import stress.server.dialect.Dialects;
import stress.server.settings.ServerSettings;
import stress.server.TargetDetector;
import stress.server.TargetInfo;

/**
 * {@code stress import}: connects (or starts the embedded server), detects the target for its DDL, imports with
 * progress on {@code out}, and turns the result into the exit code. Ctrl-C / SIGTERM stop the import after the
 * batches in flight are committed, so {@code --resume} continues exactly.
 */
public final class ImportJob {
  private final ImportRequest request;
  private final ConnectionOptions options;
  private final DriverSettings driver;
  private final PrintStream out;
  private final boolean terminal;
  private final Path json;

  /**
   * @param terminal whether {@code out} is a terminal, so progress is a bar redrawn in place
   * @param json     where to write the result as JSON ({@link CommandResultJson}), or null
   */
  public ImportJob(ImportRequest request, ConnectionOptions options, DriverSettings driver, PrintStream out,
                   boolean terminal, Path json) {
    this.request = request;
    this.options = options;
    this.driver = driver;
    this.out = out;
    this.terminal = terminal;
    this.json = json;
  }

  /**
   * Runs the import; returns the exit code of its {@link ImportResult#outcome()}, or {@link ExitCode#INTERRUPTED}
   * after a signal.
   */
  public ExitCode run() throws Exception {
    Instant start = Instant.now();
    try (Interruption interruption = Interruption.install()) {
      interruption.interruptOnSignal("starting the import; nothing was read");
      try (ChosenDatabase db = ChosenDatabase.open(options, driver, ConnectionResolver.fromSystem(), out)) {
        try {
          return run(db, interruption, start);
        } catch (Exception e) {
          return interruption.stoppedSetUp(e, out);
        }
      } catch (Exception e) {
        return interruption.stoppedSetUp(e, out);
      }
    }
  }

  private ExitCode run(ChosenDatabase db, Interruption interruption, Instant start) throws IOException, SQLException {
    if (db.embedded() == ChosenDatabase.Embedded.FOR_THIS_COMMAND) {
      out.println("note: the embedded server is stopped when this command ends, so the imported tables are gone"
          + " with it; give a connection, or start the kept one ('stress embedded start'), to keep them");
    }
    TargetInfo target;
    String compression;
    try (Connection c = PhysicalConnections.open(db.spec())) {
      target = TargetDetector.detect(c);
      compression = ServerSettings.read(c).get(ToastCompressionLine.SETTING); // absent before PostgreSQL 14
    }
    out.println("import: target " + target.kind().displayName());
    String compressionLine = ToastCompressionLine.line(compression, target.kind());
    if (compressionLine != null) {
      out.println(compressionLine);
    }
    Dialect dialect = Dialects.forTarget(target);
    ImportRequest request = this.request;
    Dialect.LoadBatch targetBatch = request.batchBytesGiven() ? null : dialect.loadBatch();
    if (targetBatch != null) {
      request = request.withBatchBytes(targetBatch.bytes());
    }
    out.println("import: batches of " + (request.batching().maxBytes() >> 20) + " MiB or "
        + request.batching().maxRows() + " documents" + (dialect.startsWithSmallBatches() ? " (a collection's first batch "
        + (DumpImporter.FIRST_BATCH_BYTES >> 10) + " KiB, each next one twice the last)" : "")
        + ", each committed with its checkpoint (" + (request.batchBytesGiven()
        ? "--batch-mb" : targetBatch != null ? targetBatch.reason() + "; --batch-mb sets it"
        : "the default; --batch-mb sets it") + "); " + request.jobs() + " load stream" + (request.jobs() == 1 ? ""
        : "s") + " (--jobs)");
    DumpImporter importer = new DumpImporter(() -> PhysicalConnections.open(db.spec()), dialect);
    // from here the importer's own stop: batches being written are committed, and --resume continues
    interruption.onSignal(importer::stop);
    if (interruption.stoppedSetUp()) {
      Thread.interrupted();
    }
    ImportResult result;
    ClientMeter meter = ClientMeter.start();
    try (PrintingImportListener listener = new PrintingImportListener(out, terminal)) {
      result = importer.run(request, listener);
    }
    if (result.read() > 0 && result.earlier() == 0) { // a resumed import's bytes include what earlier runs loaded
      out.println(ImportBound.lines(meter.stop(result.read(), ServerPlacement.anyOnThisHost(db.spec().servers())),
          result.bytes(), result.seconds(), result.streams()));
    }
    ExitCode exitCode = result.interrupted() ? ExitCode.INTERRUPTED : exitCode(result.outcome());
    if (json != null) {
      CommandResultJson.write(CommandResultJson.ofImport(start, request, target, compression, result, exitCode), json);
      out.println("result: " + json);
    }
    return exitCode;
  }

  static ExitCode exitCode(ImportResult.Outcome outcome) {
    return switch (outcome) {
      case LOADED -> ExitCode.OK;
      case REJECTED -> ExitCode.REJECTED;
      case FAILED -> ExitCode.FAILURE;
    };
  }
}
