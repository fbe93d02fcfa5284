/**
 * The comparison with other servers ({@code run --against}), whole: {@code CompareTargetsJob} runs it, each target's
 * run made by the job above through {@code TargetRuns} ({@code app.RunJob}); the answer checks before it measures
 * ({@code TargetTrial}, also {@code stress check}'s {@code CheckJob}), index parity and writes since the load, and
 * where the server's time goes ({@code ServerTimeWatch}).
 */
package stress.app.against;
