/**
 * How the tool's process ends, below every job: {@code ExitCode} (every exit code of the tool), {@code Interruption}
 * (Ctrl-C and SIGTERM: stop, print, clean up, then exit) and {@code Version}, the tool's version.
 */
package stress.app.process;
