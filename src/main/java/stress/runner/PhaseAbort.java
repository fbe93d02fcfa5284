package stress.runner;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Why a phase must end before its time, set by the first worker that finds out. Today the only reason is a
 * server out of connection slots (53300): every further execution would measure refusals.
 */
final class PhaseAbort {
  private final AtomicReference<SQLException> reason = new AtomicReference<>();
  private final Stop phaseStop;

  PhaseAbort(Stop phaseStop) {
    this.phaseStop = phaseStop;
  }

  void tooManyConnections(SQLException e) {
    if (reason.compareAndSet(null, e)) {
      phaseStop.request();
    }
  }

  /** The failure that ended the phase, or null. */
  SQLException reason() {
    return reason.get();
  }
}
