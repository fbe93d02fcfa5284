/**
 * Live metrics of a run for Prometheus ({@code stress run --metrics-port PORT}): Micrometer timers and
 * counters fed beside the run's own HdrHistogram figures, the pools' own meters, and an HTTP endpoint
 * serving {@code /metrics} while the run lasts. Nothing here is created, and nothing costs, without that
 * option.
 */
package stress.live;
