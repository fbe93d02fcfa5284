/**
 * The extension point: {@link stress.ops.Operation} (name, description, {@code bind} to a thread-safe {@code Bound}), the
 * built-in operations, lookup by name, then {@link java.util.ServiceLoader}, then class name, and the per-worker
 * {@link stress.ops.OperationSession} with one {@link stress.ops.sql.SqlExecutor} per statement mode.
 */
package stress.ops;
