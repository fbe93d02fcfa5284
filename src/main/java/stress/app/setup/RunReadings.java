package stress.app.setup;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stress.app.index.IndexStatistics;
import stress.app.index.SuggestedIndexes;
import stress.app.plan.RecordedPlans;
import stress.config.RunConfig;
import stress.keys.KeySpace;
import stress.keys.KeySpaces;
import stress.load.TableSetup;
import stress.model.MongoRecorded;
import stress.model.StatementMode;
import stress.mongodb.NativeRun;
import stress.ops.NewDocuments;
import stress.ops.Operation;
import stress.ops.file.WorkloadOperation;
import stress.runner.PhaseSpec;
import stress.runner.RoundSchedule;
import stress.server.FailureReader;
import stress.server.settings.ServerSettings;
import stress.server.settings.SessionSettingsPlan;
import stress.server.settings.SettingsCatalog;
import stress.server.TargetDetector;
import stress.server.pooler.PoolerDetector;
import stress.server.pooler.PoolerInfo;
import stress.server.TargetInfo;
import stress.table.DocumentTable;

/**
 * What a run reads and prepares on the target before it measures, over one set-up connection: the target and its
 * settings, the phases, the table and its keys, each workload operation checked and its values sampled, the new keys'
 * start and the tables of {@code --table-per-thread}.
 *
 * @param operations      the operations as the run sends them (a workload file's written for the table)
 * @param recordedFigures MongoDB's recorded figures per operation, to set beside the measured ones
 * @param missingIndexes  per MongoDB-style operation with recorded figures: the indexes that serve it and the table lacks
 * @param application     the collections of {@code --workload DIR}, or null
 * @param keys            the table's keys, or null when no operation reads existing keys
 * @param pooler          the pooler between the tool and the server, or null where none was seen
 * @param preparedLeftOut the line saying why the prepared combinations were left out (a pooler that keeps no
 *                        server-side prepared statements), or null; with no phase left the rest is not read
 * @param viaRoads        the roads of {@code --via} as checked; {@link ViaRoads.Checked#NONE} without it
 * @param poolerConsole   the console's own login ({@code --pooler-console}), or null for the run's
 */
public record RunReadings(List<Operation> operations, TargetInfo target, FailureReader failureReader,
                          Map<String, String> serverSettings, String jitNote, List<PhaseSpec> phases,
                          Map<String, MongoRecorded> recordedFigures, Map<String, List<String>> missingIndexes,
                          ApplicationSetup.Prepared application, DocumentTable table, KeySpace keys,
                          NewDocuments newDocuments, List<DocumentTable> workerTables, PoolerInfo pooler,
                          String preparedLeftOut, ViaRoads.Checked viaRoads,
                          stress.connect.ConnectionSpec poolerConsole) {

  /**
   * Reads all of it through {@code setup}; {@code sentTo} (a MongoDB collection of {@code run --against}) or null,
   * {@code sampledValues} filled with a line per sampled parameter.
   */
  public static RunReadings read(SetupConnection setup, RunConfig config, ChosenDatabase database, PrintStream out,
                                 KeySpaces keySpaces, NativeRun sentTo, List<Operation> operations,
                                 List<String> sampledValues) throws SQLException, InterruptedException {
    TargetInfo target;
    FailureReader failureReader;
    Map<String, String> serverSettings;
    DocumentTable table;
    KeySpace keys;
    NewDocuments newDocuments;
    List<DocumentTable> workerTables;
    List<Map<String, String>> settingCombos = SettingCombinations.of(config.settings());
    List<SessionSettingsPlan> settingPlans = new ArrayList<>();
    List<PhaseSpec> phases;
    String jitNote;
    Map<String, MongoRecorded> recordedFigures = RecordedPlans.figures(config);
    ApplicationSetup.Prepared application = null;
    // per MongoDB-style operation with recorded figures: the indexes that serve it and the table lacks
    Map<String, List<String>> missingIndexes = new LinkedHashMap<>();
    sampledValues.clear();
    target = setup.read("detecting the target", TargetDetector::detect);
    TargetInfo detected = target;
    stress.connect.ConnectionSpec poolerConsole = PoolerConsoleLogin.resolve(config, out);
    Optional<PoolerInfo> detectedPooler = setup.read("looking for a pooler", c -> PoolerDetector.detect(c,
        database.spec(), poolerConsole));
    // a console that showed no pooler is said once; the run goes on as straight to the server
    detectedPooler.filter(p -> !p.seen()).ifPresent(p -> out.println("pooler: " + p.describe()));
    Optional<PoolerInfo> pooler = detectedPooler.filter(PoolerInfo::seen);
    failureReader = setup.read("reading the cluster's nodes", c -> FailureReader.read(c, detected));
    serverSettings = setup.read("reading the server's settings", ServerSettings::read);
    SettingsCatalog catalog = setup.read("reading the server's settings", SettingsCatalog::read);
    jitNote = PipelineJit.apply(operations, settingCombos, catalog);
    settingPlans.addAll(PhaseGrid.planSettings(catalog, settingCombos));
    phases = new ArrayList<>(RoundSchedule.interleave(PhaseGrid.phases(config, database.spec(), settingCombos,
        settingPlans), config.rounds(), config.seed(), PhaseSpec::inRound));
    // the run's own connection's phases are tried here, each road's of --via by ViaRoads
    Optional<String> preparedLeftOut = PooledPrepared.check(pooler, phases, p -> ViaRoads.own(config, p),
        config);
    ViaRoads.Checked roads = config.vias().isEmpty() ? ViaRoads.Checked.NONE : ViaRoads.check(config,
        database.spec(), setup.read("reading the run's own database", ViaRoads::identity), phases);
    if (preparedLeftOut.isPresent() && phases.isEmpty()) {
      return new RunReadings(operations, target, failureReader, serverSettings, jitNote, phases, recordedFigures,
          missingIndexes, null, null, null, null, List.of(), pooler.orElse(null), preparedLeftOut.get(), roads, poolerConsole);
    }
    // through a pooler the server's slots are the pooler's business: its max_client_conn bounds the client's
    java.util.function.Function<PhaseSpec, PoolerInfo> through = p -> ViaRoads.poolerOf(p, config,
        pooler.orElse(null), roads);
    List<PhaseSpec> direct = phases.stream().filter(p -> through.apply(p) == null).toList();
    RunCapacity.checkPoolerClients(phases, config.poolSize(), through);
    if (!direct.isEmpty() && !config.hostSpreading().spread() && database.spec().servers().size() == 1) {
      setup.read("reading the server's free connection slots", RunCapacity::read)
          .ifPresent(slots -> RunCapacity.checkSlots(slots, direct, config.poolSize(), 0, 1, ""));
    }
    if (config.application() != null) {
      application = setup.read("setting up the workload's collections", c -> ApplicationSetup.prepare(c, detected,
          config, database, out, keySpaces));
      operations = new ArrayList<>(application.operations());
      sampledValues.addAll(application.sampledValues());
      recordedFigures.clear(); // the application's are read per collection, on its table
    }
    List<Operation> named = operations;
    table = application != null ? application.table() : setup.read("reading the table", c -> TableSetup.existing(c,
        config.schema(), config.table(), named.stream().anyMatch(Operation::usesCopyTable)));
    DocumentTable onTable = table;
    for (int i = 0; i < operations.size(); i++) {
      if (operations.get(i) instanceof WorkloadOperation fileOp) {
        boolean mongoStyle = fileOp.translation() != null;
        WorkloadOperation fromFile = setup.read("reading the table's indexes", c -> fileOp.forTable(c, onTable));
        if (mongoStyle && recordedFigures.containsKey(fromFile.name())) {
          setup.readOrSkip("reading the indexes " + fromFile.name() + " lacks", "the indexes " + fromFile.name()
              + " lacks", c -> missingIndexes.put(fromFile.name(), SuggestedIndexes.missing(c, onTable, fromFile)),
              null);
        }
        operations.set(i, fromFile);
        setup.read("checking " + fromFile.name() + " on the server", c -> {
          fromFile.checkOnServer(c, onTable, config.modes().contains(StatementMode.PREPARED));
          return null;
        });
        sampledValues.addAll(setup.read("sampling the values of " + fromFile.name(),
            c -> fromFile.readSamples(c, onTable)));
      }
    }
    if (sentTo != null) {
      operations = sentTo.operations(operations, config.workload() == null ? Map.of() : config.workload().mongo());
      recordedFigures.clear(); // MongoDB's recorded figures are not compared with MongoDB's measured ones here
    }
    if (operations.stream().anyMatch(o -> o instanceof WorkloadOperation)) {
      setup.readOrSkip("reading the indexes' statistics", "the note on indexes without statistics",
          c -> IndexStatistics.warnings(c, onTable), List.<String>of()).forEach(out::println);
    }
    keys = operations.stream().anyMatch(Operation::readsExistingKeys)
        ? setup.read("reading the table's keys", c -> keySpaces.read(c, onTable, config.keySample())) : null;
    // an application's new keys are each collection's own (ApplicationSetup), above its table's largest key
    List<Operation> inserting = operations;
    newDocuments = application != null ? null : setup.read("reading the table's largest key",
        c -> InsertSetup.prepare(c, detected, onTable, config, inserting));
    if (sentTo != null) {
      newDocuments = sentTo.aboveCollections(newDocuments); // the collection keeps its earlier rounds' inserts
    }
    workerTables = setup.writeOnce("creating the tables of --table-per-thread",
        c -> InsertSetup.workerTables(c, detected, onTable, config));
    return new RunReadings(operations, target, failureReader, serverSettings, jitNote, phases, recordedFigures,
        missingIndexes, application, table, keys, newDocuments, workerTables, pooler.orElse(null),
        preparedLeftOut.orElse(null), roads, poolerConsole);
  }
}
