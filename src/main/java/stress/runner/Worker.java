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
import stress.workload.OperationMix;

/**
 * One thread of a phase: a closed loop of operations. Holds one connection for the whole phase when the
 * source says so (no pool), otherwise checks one out for each execution and gives it back.
 */
final class Worker implements Runnable {
  /** After a failed connection attempt, wait this long so a down server is not hammered in a spin. */
  private static final long RECONNECT_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

  private final ConnectionSource source;
  private final WorkerRecorder recorder;
  private final OperationMix mix;
  private final Operation.Bound[] operations;
  private final OperationSession session;
  private final SplittableRandom random;
  private final boolean transaction;
  private final Stop stop;
  private final OpsBudget budget;
  private final Pacer pacer;
  private final CountDownLatch ready;
  private final CountDownLatch go;
  private final WorkerProbe probe;
  private Connection held;
  private volatile int backendPid;
  private volatile SQLException startFailure;

  Worker(ConnectionSource source, WorkerRecorder recorder, OperationMix mix, Operation.Bound[] operations,
         OperationSession session, SplittableRandom random, boolean transaction, Stop stop,
         OpsBudget budget, Pacer pacer, CountDownLatch ready, CountDownLatch go, WorkerProbe probe) {
    this.source = source;
    this.recorder = recorder;
    this.mix = mix;
    this.operations = operations;
    this.session = session;
    this.random = random;
    this.transaction = transaction;
    this.stop = stop;
    this.budget = budget;
    this.pacer = pacer;
    this.ready = ready;
    this.go = go;
    this.probe = probe;
  }

  /** The server backend of the held connection (0 when the worker uses a pool). */
  int backendPid() {
    return backendPid;
  }

  /** Why the held connection could not be opened before the start, or null. */
  SQLException startFailure() {
    return startFailure;
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
      } else {
        ready.countDown();
      }
      go.await();
      pacer.start(System.nanoTime());
      probe.started();
      try {
        loop();
      } finally {
        probe.stopped();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      session.close();
      closeQuietly(held);
    }
  }

  private void loop() {
    while (!stop.requested() && budget.take()) {
      int op = mix.next(random);
      long intended = pacer.awaitNext(stop);
      if (stop.requested()) {
        return;
      }
      long start = pacer.paced() ? intended : System.nanoTime();
      Connection connection = null;
      try {
        connection = acquire();
        session.attach(connection);
        long rows = operations[op].execute(session);
        if (transaction) {
          connection.commit();
        }
        long latency = System.nanoTime() - start;
        recorder.success(op, latency, rows);
        probe.success(op, latency);
      } catch (SQLException e) {
        long latency = System.nanoTime() - start;
        recorder.failure(op, latency, e.getSQLState(), e.getMessage());
        probe.failure(op, latency, e.getSQLState());
        recover(connection, e);
      } catch (RuntimeException e) {
        long latency = System.nanoTime() - start;
        recorder.failure(op, latency, null, e.toString());
        probe.failure(op, latency, null);
        recover(connection, new SQLException(e));
      } finally {
        if (!source.heldPerWorker() && connection != null) {
          session.release();
          closeQuietly(connection);
        }
      }
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
      recorder.reconnect();
      probe.reconnect();
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

  /** After a failure: roll back, and replace a broken connection (or back off when none could be had). */
  private void recover(Connection connection, SQLException e) {
    if (connection == null) {
      LockSupport.parkNanos(RECONNECT_BACKOFF_NANOS);
      return;
    }
    boolean broken = ConnectionErrors.broken(e, connection);
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
