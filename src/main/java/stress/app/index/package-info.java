/**
 * Index advice for a workload's operations: the indexes that serve them, checked, built, tried and watched.
 */
package stress.app.index;
