/**
 * The commands as library calls, composed from the libraries below: {@link stress.app.Commands} for each command,
 * {@link stress.app.RunJob} for a run, and {@link stress.app.ExitCode}, every exit code of the tool. What several jobs
 * share is below them: {@code stress.app.index}, {@code stress.app.plan} and {@code stress.app.setup}.
 */
package stress.app;
