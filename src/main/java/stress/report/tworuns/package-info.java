/**
 * {@code stress report A B}: two runs made at different times compared, their rounds as independent samples
 * ({@code RunsCompared}, {@code ShiftInterval}), and two capacity searches' capacities ({@code CapacitiesOfTwoRuns}).
 */
package stress.report.tworuns;
