package stress.runner;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import stress.connect.ConnectionSource;
import stress.metrics.WorkerRecorder;
import stress.ops.Operation;
import stress.ops.OperationSession;
import stress.ops.TargetFailure;
import stress.server.ErrorClass;
import stress.server.FailureReader;
import stress.server.SqlStates;
import stress.model.OperationMix;

/**
 * One thread of a phase: a closed loop of operations. Holds one connection for the whole phase when the
 * source says so (no pool), otherwise checks one out for each execution and gives it back.
 */
final class Worker extends PhaseWorker implements Runnable {
  /** How many checkout waits (each --connect-timeout) a worker spends filling the pool before the start. */
  private static final int POOL_FILL_ATTEMPTS = 3;
  /** The longest a back-off sleeps before checking for the stop again. */
  private static final long STOP_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  private final ConnectionSource source;
  private final WorkerRecorder recorder;
  private final OperationMix mix;
  private final Operation.Bound[] operations;
  private final OperationSession session;
  private final SplittableRandom random;
  private final boolean transaction;
  private final Stop stop;
  private final OpsBudget budget;
  private final ReporterTurn turn;
  private final Pacer pacer;
  private final CountDownLatch ready;
  private final CountDownLatch go;
  /**
   * Counted down once this worker will start no more executions (before it closes its connection), so the phase
   * can end without polling the threads.
   */
  private final CountDownLatch finished;
  private final WorkerProbe probe;
  private final int retries;
  private final boolean[] retryable;
  private final PhaseAbort abort;
  private final boolean fillsPool;
  private final FailureReader failures;
  /** A pooled connection checked out until the start, so the pool is full before measuring begins. */
  private Connection poolWarmup;
  private long backoffNanos = FIRST_BACKOFF_NANOS;
  private Connection held;
  /** When this worker's latest execution ended (System.nanoTime), or 0; written by this worker only. */
  private long lastExecutionEnd;

  Worker(ConnectionSource source, WorkerRecorder recorder, OperationMix mix, Operation.Bound[] operations,
         OperationSession session, SplittableRandom random, boolean transaction, Stop stop,
         OpsBudget budget, ReporterTurn turn, Pacer pacer, CountDownLatch ready, CountDownLatch go,
         CountDownLatch finished, int retries, boolean[] retryable, PhaseAbort abort, boolean fillsPool,
         FailureReader failures, WorkerProbe probe) {
    this.source = source;
    this.recorder = recorder;
    this.mix = mix;
    this.operations = operations;
    this.session = session;
    this.random = random;
    this.transaction = transaction;
    this.stop = stop;
    this.budget = budget;
    this.turn = turn;
    this.pacer = pacer;
    this.ready = ready;
    this.go = go;
    this.finished = finished;
    this.probe = probe;
    this.retries = retries;
    this.retryable = retryable.clone();
    this.abort = abort;
    this.fillsPool = fillsPool;
    this.failures = failures;
  }

  @Override
  public void run() {
    try {
      if (source.heldPerWorker()) {
        try {
          held = openHeld();
          backendPid = backendPidOf(held);
        } catch (SQLException e) {
          startFailure = e;
          return;
        } finally {
          ready.countDown();
        }
      } else if (fillsPool) {
        try {
          poolWarmup = checkOutToFill();
        } catch (SQLException e) {
          startFailure = e;
          return;
        } finally {
          ready.countDown();
        }
      } else {
        ready.countDown();
      }
      go.await();
      closeQuietly(poolWarmup);
      poolWarmup = null;
      pacer.start(System.nanoTime());
      probe.started();
      try {
        loop();
      } finally {
        finalExecutionEnd = lastExecutionEnd;
        probe.stopped();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      finished.countDown(); // before closing the connection, which is not part of the phase's time
      session.close();
      closeQuietly(held);
      closeQuietly(poolWarmup);
    }
  }

  private void loop() {
    int releases = budget.releases();
    while (!stop.requested() && budget.take(stop)) {
      if (pacer.paced() && budget.releases() != releases) {
        // held at the end of the warm-up (--ops): that wait was the tool's, so the schedule starts again from now
        releases = budget.releases();
        pacer.start(System.nanoTime());
      }
      turn.awaitTurn(stop);
      int op = mix.next(random);
      long intended = pacer.awaitNext(stop);
      if (stop.requested()) {
        return;
      }
      long started = System.nanoTime();
      if (execute(op, pacer.paced() ? intended : started) && pacer.paced()) {
        lateStarts.started(started - intended, pacer.waited());
      }
    }
  }

  /**
   * One execution: attempts it, and runs it again after a serialization failure or deadlock while --retries
   * allows and the operation is idempotent. The latency of a retried execution includes its failed attempts.
   *
   * @return whether it counts in the phase's measured part (false for warm-up)
   */
  private boolean execute(int op, long start) {
    for (int attempt = 0; ; attempt++) {
      Connection connection = null;
      try {
        connection = acquire();
        session.attach(connection);
        long rows = operations[op].execute(session);
        if (transaction) {
          connection.commit();
        }
        lastExecutionEnd = System.nanoTime();
        long latency = lastExecutionEnd - start;
        boolean counted = recorder.success(op, latency, rows);
        probe.success(op, latency, counted);
        backoffNanos = FIRST_BACKOFF_NANOS;
        return counted;
      } catch (SQLException e) {
        if (attempt < retries && retryable[op] && SqlStates.classify(e) == ErrorClass.SERIALIZATION
            && rolledBack(connection)) {
          recorder.retry(op);
          continue;
        }
        lastExecutionEnd = System.nanoTime();
        long latency = lastExecutionEnd - start;
        boolean counted = recorder.failure(op, latency, e.getSQLState(), e.getMessage(), failures.node(e.getMessage()));
        probe.failure(op, latency, e.getSQLState(), counted);
        recover(connection, e);
        return counted;
      } catch (RuntimeException e) {
        lastExecutionEnd = System.nanoTime();
        long latency = lastExecutionEnd - start;
        boolean counted = recorder.failure(op, latency, null, e.toString());
        probe.failure(op, latency, null, counted);
        recover(connection, new SQLException(e));
        return counted;
      } finally {
        if (!source.heldPerWorker() && connection != null) {
          session.release();
          closeQuietly(connection);
        }
      }
    }
  }

  /**
   * Checks a connection out of the pool before the start. A pool opens its connections one after another, so a
   * large one may not be full within one checkout wait: a wait that ran out with no SQLState (the server refused
   * nothing; the pool was still opening connections) is tried again, up to {@link #POOL_FILL_ATTEMPTS} waits.
   */
  private Connection checkOutToFill() throws SQLException {
    for (int attempt = 1; ; attempt++) {
      try {
        return source.connection();
      } catch (SQLException e) {
        boolean stillFilling = e.getSQLState() == null && SqlStates.classify(e) == ErrorClass.OTHER
            && !ConnectionErrors.tooManyConnections(e);
        if (!stillFilling || attempt >= POOL_FILL_ATTEMPTS || stop.requested()) {
          throw e;
        }
      }
    }
  }

  /** Rolls back the failed attempt so it can run again; false when that fails (the connection is then bad). */
  private static boolean rolledBack(Connection connection) {
    if (connection == null) {
      return false;
    }
    try {
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  private Connection acquire() throws SQLException {
    if (!source.heldPerWorker()) {
      Connection c = source.connection();
      if (transaction) {
        c.setAutoCommit(false);
      }
      return c;
    }
    if (held == null) {
      held = openHeld();
      probe.reconnect(recorder.reconnect());
    }
    return held;
  }

  private Connection openHeld() throws SQLException {
    Connection c = source.connection();
    if (transaction) {
      c.setAutoCommit(false);
    }
    return c;
  }

  /**
   * After a failure: roll back, and replace a broken connection (or back off when none could be had). An error
   * the server reported on a live connection keeps the connection (see {@link ConnectionErrors}), unless the
   * target says such an error leaves the session unusable ({@link FailureReader#leavesSessionUnusable}: a
   * Postgres-XL coordinator session with dead datanode connections); that session is given up, a held one opened
   * again (a reconnect), a pooled one dropped from its pool. A server out of connection slots (53300) ends the
   * phase: the run would measure refusals, not the workload. A {@link TargetFailure} (a server the operation reaches
   * by itself) keeps the connection, and backs off when that server could not be reached.
   */
  private void recover(Connection connection, SQLException e) {
    if (e instanceof TargetFailure target) {
      // the operation's own server failed (its driver reconnects by itself); the worker's connection carried nothing
      if (target.connection()) {
        backOff(); // as after a failed connection attempt: a server that is down is not hammered
      }
      return;
    }
    if (ConnectionErrors.tooManyConnections(e)) {
      abort.tooManyConnections(e);
    }
    if (connection == null) {
      backOff();
      return;
    }
    boolean broken = ConnectionErrors.broken(e, connection);
    if (!broken && failures.leavesSessionUnusable(e.getSQLState(), e.getMessage())) {
      session.detach();
      if (source.heldPerWorker()) {
        closeQuietly(held);
        held = null;
      } else {
        source.discard(connection);
      }
      return;
    }
    if (!broken) {
      try {
        if (!connection.getAutoCommit()) {
          connection.rollback();
        }
      } catch (SQLException rollbackFailed) {
        broken = true;
      }
    }
    if (broken) {
      session.detach();
      if (source.heldPerWorker()) {
        closeQuietly(held);
        held = null;
      }
    }
  }

  /** Sleeps before the next connection attempt, longer after each failure in a row, waking for the stop. */
  private void backOff() {
    long deadline = System.nanoTime() + backoffNanos;
    long wait;
    while ((wait = deadline - System.nanoTime()) > 0 && !stop.requested()) {
      LockSupport.parkNanos(Math.min(wait, STOP_CHECK_NANOS));
    }
    backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
  }

  /**
   * The connection this worker opened before the start (held, or checked out of the pool to fill it), for the
   * phase to ask the server something; null when none.
   */
  Connection heldBeforeStart() {
    return held != null ? held : poolWarmup;
  }

  private static int backendPidOf(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      int pid = rs.getInt(1);
      if (!c.getAutoCommit()) {
        c.commit();
      }
      return pid;
    }
  }

  private static void closeQuietly(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // a broken connection may fail to close; it is discarded either way
      }
    }
  }
}
