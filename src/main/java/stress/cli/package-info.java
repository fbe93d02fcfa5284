/**
 * The command line: picocli commands that parse arguments into validated {@code config} records, the
 * {@code --config} file layering, and the mapping of exceptions to exit codes ({@link stress.cli.Cli}).
 */
package stress.cli;
