/**
 * The comparison with other servers ({@code run --against}): the answer checks before it measures
 * ({@code TargetTrial}, also {@code stress check}'s {@code CheckJob}), index parity and writes since the load, and where
 * the server's time goes ({@code ServerTimeWatch}); {@code app.CompareTargetsJob} runs it.
 */
package stress.app.against;
