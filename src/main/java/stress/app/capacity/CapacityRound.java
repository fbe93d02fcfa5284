package stress.app.capacity;

/**
 * One round's answer.
 *
 * @param capacity   the highest rate held {@code offers} running, NaN when none did
 * @param broke      the lowest broken step above it, or null when none broke
 * @param clientLimit true when that step broke because the client could not offer it: the capacity is then a lower
 *                   bound of the server's
 * @param unloaded   true when no rate held and halving the rate left the broken latency where it was (within
 *                   {@link CapacitySearch#FLAT}) with p50 itself near the objective: the operations' own time breaks
 *                   the objective, not a queue, so no rate would hold
 * @param knee       the highest rate the search saw hold once, NaN when none held
 * @param offers     the offers running the capacity held: {@value CapacitySearch#CONFIRMING_OFFERS} when confirmed, 1
 *                   for a lower bound (the client's limit, or no step broke), 0 with no capacity
 */
public record CapacityRound(int round, double capacity, CapacitySearch.Step broke, boolean clientLimit,
                            boolean unloaded, double knee, int offers) {
  public CapacityRound(int round, double capacity, CapacitySearch.Step broke, boolean clientLimit) {
    this(round, capacity, broke, clientLimit, false, capacity, Double.isFinite(capacity) ? 1 : 0);
  }

  /** Whether a rate held once but no rate tried held {@value CapacitySearch#CONFIRMING_OFFERS} offers running. */
  public boolean unconfirmed() {
    return !Double.isFinite(capacity) && Double.isFinite(knee);
  }

  /** Whether the capacity is a lower bound: the client's limit, or no step broke. Never in a median. */
  public boolean lowerBound() {
    return Double.isFinite(capacity) && (clientLimit || broke == null);
  }

  /**
   * Whether this round found a capacity: held {@value CapacitySearch#CONFIRMING_OFFERS} offers running, a rate above it
   * broke.
   */
  public boolean found() {
    return Double.isFinite(capacity) && !lowerBound() && offers >= CapacitySearch.CONFIRMING_OFFERS;
  }
}
