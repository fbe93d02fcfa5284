/**
 * Immutable records of what a command was asked to do, validated when built with every problem in one message, and
 * {@link stress.config.Defaults}, every default in one place. Depends only on {@code stress.model} (see
 * {@code docs/architecture.md}).
 */
package stress.config;
