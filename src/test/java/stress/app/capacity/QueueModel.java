package stress.app.capacity;

/**
 * A scripted server for the capacity search's tests: an M/M/1 queue, whose response time is exponential with rate
 * (mu - lambda), so its p-th percentile is -ln(1 - p) / (mu - lambda) and p99 crosses an objective L at exactly
 * lambda = mu - ln(100) / L. Each step lasts 10 s.
 */
public final class QueueModel {
  private QueueModel() {}

  /** What a step offering {@code rate} measures on the queue at {@code mu}, the client offering {@code clientMax}. */
  public static StepMeasured step(double mu, double rate, double clientMax) {
    double achieved = Math.min(Math.min(rate, mu), clientMax);
    double p99 = rate < mu ? 1000 * Math.log(100) / (mu - rate) : Double.POSITIVE_INFINITY;
    double p50 = rate < mu ? 1000 * Math.log(2) / (mu - rate) : Double.POSITIVE_INFINITY;
    // a client at its limit shows it in its own figures: its CPU busy on its one core, the host not busy with others
    StepClientFigures client = rate > clientMax ? new StepClientFigures(0.95, 0.01, 0.02, 0.97, 0.5, 0.45, null)
        : null;
    return new StepMeasured(achieved, p50, p50, p99, p99, p99 * 1.5, 0, 0, (long) (achieved * 10), Double.NaN,
        client);
  }
}
