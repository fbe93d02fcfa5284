/**
 * The capacity search of {@code run --slo}, whole: {@code CapacityJob} runs it for each {@code CapacityContender} (one
 * combination searched, its steps run by a call the job above gives it: {@code app.RunJob} in this process, {@code
 * app.LocalInstances} across processes), the steps at offered rates and their verdicts, the rounds, the check of the
 * rate found, the cause of a break and their text, {@code CapacityComparison} (capacities paired round by round) and
 * {@code CapacityJson} (the search or the comparison in result.json).
 */
package stress.app.capacity;
