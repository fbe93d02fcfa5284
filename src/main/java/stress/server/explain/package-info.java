/**
 * Where a statement goes: pure readers of EXPLAIN text per target, a {@link stress.server.explain.Verdict} per
 * statement and plan mode, and the routing totals of each kind of target.
 */
package stress.server.explain;
