package stress.model;

/**
 * Marks a failure that is the user's input breaking a rule, though it is not a {@link UsageException} (a file of no
 * kind a reader knows, which its readers see as a format error of theirs): the command line exits with its bad-input
 * code for it, as for a usage error.
 */
public interface BadInput {
}
