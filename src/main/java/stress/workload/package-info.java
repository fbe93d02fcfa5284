/**
 * Workload files ({@code --workload FILE}): operations written as SQL with named parameters and their generators, read
 * from YAML with the line of every refusal, turned into {@link stress.ops.file.WorkloadOperation}s.
 */
package stress.workload;
