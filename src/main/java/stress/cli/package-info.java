/**
 * The command line: picocli commands that parse arguments into validated {@code config} records, the
 * {@code --config} file layering, and the mapping of exceptions to exit codes ({@link stress.cli.Cli}). Flat on
 * purpose: as picocli's own examples do, the commands and the mixins they share sit together, one class each.
 */
package stress.cli;
