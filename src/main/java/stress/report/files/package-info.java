/**
 * The files of {@code --out DIR}, above the results they are written from: {@code result.json}, the CSV tables
 * ({@code CsvReport} through the RFC 4180 helper {@code Csv}) and one HdrHistogram {@code .hlog} per phase and operation.
 */
package stress.report.files;
