/**
 * A capacity search ({@code run --slo}) as a result holds it, for every output above the results: {@code
 * CapacitySearchResult} (one search: its objectives, rounds, steps, check and cause) and {@code CapacitiesCompared}
 * (the capacities of several combinations, paired round by round); {@code report.CapacitySteps}, below, tells the
 * other comparisons which phases are a search's steps.
 */
package stress.report.capacity;
