/**
 * Turns recorded results into text for people and JSON for machines.
 *
 * <p>{@link stress.report.TextReport} formats interval lines, phase summaries and comparisons of
 * phases as strings (no printing); {@link stress.report.JsonReport} writes and reads a
 * {@link stress.report.RunResult} with Jackson, histograms included in HdrHistogram's compressed
 * Base64 form so results of several processes can be merged exactly. Above them: a capacity search as a result
 * holds it ({@code stress.report.capacity}), the files of {@code --out DIR} ({@code stress.report.files}), the merge
 * ({@code stress.report.merge}) and two runs compared ({@code stress.report.tworuns}).
 */
package stress.report;
