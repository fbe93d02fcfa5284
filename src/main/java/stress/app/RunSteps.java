package stress.app;

import java.io.IOException;
import java.sql.SQLException;
import stress.app.output.RunOutputs;
import stress.app.process.FailedStep;
import stress.config.RunConfig;
import stress.fleet.FleetMember;
import stress.metrics.PhaseStats;
import stress.mongodb.NativeRun;
import stress.runner.PhaseSpec;
import stress.runner.RunListener;

/**
 * Which step of a run is under way, so that a failure can be named by it ({@link FailedStep}): the set-up, each phase
 * numbered as its line is ({@code phase 2/4}) with its combination and stage (starting, warm-up, measuring, ending),
 * then the results. Steps change on the runner's reporting thread and are read by the thread the failure reaches.
 * Also what a failed run leaves behind: its failure named once ({@link #named}), and no empty {@code --out} directory
 * ({@link #leavingNoEmptyOut}).
 */
final class RunSteps implements RunListener {
  /** A part of a run, failing as a run does. */
  interface Part<T> {
    T run() throws SQLException, IOException, InterruptedException;
  }

  /**
   * Runs {@code part} with {@code config}'s {@code --out} directory made when new ({@link RunOutputs#prepareNew}); a
   * run that fails before writing removes the directory it made, left empty.
   */
  static <T> T leavingNoEmptyOut(RunConfig config, Part<T> part) throws SQLException, IOException,
      InterruptedException {
    boolean madeOut = RunOutputs.prepareNew(config);
    try {
      return part.run();
    } catch (Exception | Error e) {
      RunOutputs.removeIfLeftEmpty(config, madeOut);
      throw e;
    }
  }

  /**
   * Runs {@code part}; its failure is named by the step under way and its server, once, here ({@link #failed}), the
   * run's other instances ({@code fleet}, null when alone) told.
   */
  <T> T named(FleetMember fleet, Part<T> part) throws SQLException, IOException, InterruptedException {
    try {
      return part.run();
    } catch (Exception | Error e) {
      throw failed(e, fleet);
    }
  }

  private final String postgresql;
  private final String mongodb;
  private final int phasesBefore;
  private final int phasesPlanned;
  private volatile FailedStep.Step step;

  /**
   * The steps of a run on PostgreSQL at {@code postgresql} (a URL without password), its operations sent natively
   * to {@code mongodb} when not null; its phases numbered as {@link PrintingRunListener#numbering} does.
   */
  RunSteps(String postgresql, NativeRun mongodb, int phasesBefore, int phasesPlanned) {
    this.postgresql = postgresql;
    this.mongodb = mongodb == null ? null : mongodb.target().describe();
    this.phasesBefore = phasesBefore;
    this.phasesPlanned = phasesPlanned;
    this.step = new FailedStep.Step("set-up", null, postgresql, this.mongodb);
  }

  /** The step under way. */
  FailedStep.Step current() {
    return step;
  }

  /**
   * Throws {@code failure} named by the step under way when it is a server's ({@link FailedStep#named}), after telling
   * the run's other instances ({@code fleet}, null when alone) the line it ends this one with.
   */
  private RuntimeException failed(Throwable failure, FleetMember fleet) throws SQLException, IOException, InterruptedException {
    Throwable named = FailedStep.named(step, failure);
    if (fleet != null) {
      String message = named.getMessage();
      fleet.fail(message == null ? named.getClass().getSimpleName() : message.lines().findFirst().orElse(""));
    }
    throw FailedStep.rethrow(named);
  }

  /** The phases are over: what fails now fails writing or handing over the results. */
  void phasesEnded() {
    step = new FailedStep.Step("results", null, postgresql, mongodb);
  }

  @Override
  public void phaseStarted(PhaseSpec phase, int index, int count) {
    String numbered = "phase " + (phasesBefore + index + 1) + "/" + (phasesPlanned > 0 ? phasesPlanned : count);
    // the phase's own URL: another road than the set-up's when it goes through a pooler (--via)
    step = new FailedStep.Step(numbered, PrintingRunListener.label(phase, mongodb != null) + ", starting",
        phase.connection().url(), mongodb);
  }

  @Override
  public void warmupStarted(PhaseSpec phase) {
    at(phase, "warm-up");
  }

  @Override
  public void measuringStarted(PhaseSpec phase) {
    at(phase, "measuring");
  }

  @Override
  public void phaseFinished(PhaseSpec phase, PhaseStats stats) {
    at(phase, "ending");
  }

  private void at(PhaseSpec phase, String stage) {
    step = step.at(PrintingRunListener.label(phase, mongodb != null) + ", " + stage);
  }
}
