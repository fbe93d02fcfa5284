/**
 * The {@code none} pool kind: one physical connection per worker, held for the whole phase.
 */
package stress.connect.none;
