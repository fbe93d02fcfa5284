/**
 * The capacity search of {@code run --slo}: the steps at offered rates and their verdicts, the rounds, the check of
 * the rate found, the cause of a break and their text; {@code app.CapacityJob} runs it.
 */
package stress.app.capacity;
