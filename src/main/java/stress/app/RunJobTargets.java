package stress.app;

import java.io.IOException;
import java.io.PrintStream;
import java.sql.SQLException;
import stress.app.against.AnswerCheck;
import stress.app.against.CompareTargetsJob;
import stress.app.against.TargetRuns;
import stress.app.process.Interruption;
import stress.app.setup.ChosenDatabase;
import stress.config.RunConfig;
import stress.mongodb.NativeRun;

/** The targets of {@code run --against} run by {@link RunJob}, each in this process, with no plan of its own. */
final class RunJobTargets implements TargetRuns {
  private final ChosenDatabase database;
  private final Interruption interruption;

  RunJobTargets(ChosenDatabase database, Interruption interruption) {
    this.database = database;
    this.interruption = interruption;
  }

  /** {@code run --against}'s job: {@code config}'s run on PostgreSQL, then on each of {@code mongodb}, compared. */
  static CompareTargetsJob job(RunConfig config, java.util.List<ExplainRequest.MongoSide> mongodb, AnswerCheck check,
                               ChosenDatabase db, PrintStream out, Interruption interruption) {
    return new CompareTargetsJob(config, mongodb.stream().map(ExplainRequest.MongoSide::url).toList(),
        mongodb.get(0).collection(), check, db, new RunJobTargets(db, interruption), out, interruption);
  }

  @Override
  public Ran run(RunConfig config, NativeRun server, Options options, PrintStream out)
      throws SQLException, InterruptedException, IOException {
    RunJob job = new RunJob(config, database, out, interruption).withoutPlan()
        .markingAnswersDiffer(options.answersDiffer()).readingKeysFrom(options.keys())
        .numberingPhases(options.phasesBefore(), options.phasesPlanned());
    if (!options.header()) {
      job.withoutHeader();
    }
    if (server != null) {
      job.sendingTo(server);
    }
    if (options.listener() != null) {
      job.listeningWith(options.listener());
    }
    return new Ran(job.run(), job.result(), job.measuredStarts());
  }
}
