/**
 * The library entry point {@link stress.runner.Runner}: phases one after another, workers that start together,
 * warm-up, intervals, stop by time, by count or on request, rate limiting from intended start times.
 */
package stress.runner;
