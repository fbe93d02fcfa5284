/**
 * What {@code run --against} measures beside the runs: index parity and writes since the load before the answers are
 * compared, and where the server's time goes ({@code ServerTimeWatch}); {@code app.CompareTargetsJob} runs it.
 */
package stress.app.against;
