package stress.runner;

/** A flag the workers poll between executions; set when a phase ends or the user interrupts. */
final class Stop {
  private volatile boolean requested;

  boolean requested() {
    return requested;
  }

  void request() {
    requested = true;
  }
}
