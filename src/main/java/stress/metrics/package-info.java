/**
 * Latency and outcome recording for benchmark phases.
 *
 * <p>A {@link stress.metrics.PhaseRecorder} is created per phase (one combination of settings). Each
 * worker thread records through its own {@link stress.metrics.WorkerRecorder}: one HdrHistogram
 * {@code SingleWriterRecorder} per operation for successes and one for failures, plus single-writer
 * counters for rows and reconnects. The hot path takes no lock, looks nothing up in a map and allocates
 * nothing. A reporter thread swaps the interval histograms every report interval
 * ({@link stress.metrics.PhaseRecorder#takeInterval}) and folds them into the phase totals, so the
 * measured intervals always add up exactly to the totals. Each interval carries, per operation, rows,
 * latency figures, errors by SQLState and the interval's latency histogram in compressed form
 * ({@link stress.metrics.CompressedHistogram}, for HdrHistogram interval logs); reconnects are counted per
 * worker, not per operation, so they appear only on the interval's total.
 *
 * <p>Units: latencies are recorded as {@code long} nanoseconds with 3 significant digits; all figures
 * handed out are milliseconds as {@code double}. Percentiles and the maximum are HdrHistogram's
 * "highest equivalent value", i.e. exact within 0.1%. All time stamps passed in are
 * {@link System#nanoTime()} readings.
 *
 * <p>Coordinated omission: this package records whatever latency it is given. When the runner
 * throttles to a target rate it must pass the latency measured from the <em>intended</em> start time
 * of the operation (when it should have started by the schedule), not from the moment it actually
 * started; otherwise a stall hides the queue of operations that waited behind it. Without a rate limit
 * (closed loop) the actual start time is the intended one.
 */
package stress.metrics;
