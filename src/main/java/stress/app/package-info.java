/**
 * The commands as library calls, composed from the libraries below: {@link stress.app.Commands} for each command,
 * {@link stress.app.RunJob} for a run, and {@link stress.app.ExitCode}, every exit code of the tool.
 */
package stress.app;
