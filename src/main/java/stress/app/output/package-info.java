/**
 * Where a run's result goes, below every job: {@code RunOutputs} ({@code --out DIR} made before anything is measured,
 * the result written to {@code --json} and {@code --out} at the end), {@code ResultFileClaim} ({@code --json FILE}
 * opened and locked first) and {@code ComparedRuns} (the phases of runs compared marked with what they ran on, and the
 * line of one that failed).
 */
package stress.app.output;
