package stress.runner;

import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import stress.connect.ConnectionSpec;
import stress.connect.eventloop.EventLoopConnection;
import stress.connect.eventloop.EventLoops;
import stress.metrics.WorkerRecorder;
import stress.ops.sql.SqlLiterals;
import stress.server.ErrorClass;
import stress.server.FailureReader;
import stress.server.SqlStates;
import stress.keys.KeyChooser;

/**
 * One worker of the event-loop client: a connection that runs one lookup after another (prepared, or plain with the
 * key written in as a literal by pgjdbc's escaping), as {@link Worker}'s
 * closed loop does, but in callbacks on its event loop instead of on a thread of its own. Everything but
 * {@link #start} and the budget's resume runs on that loop, so its state needs no lock.
 */
final class EventLoopWorker extends PhaseWorker
    implements EventLoopConnection.Completion, EventLoopConnection.Opening {
  private final EventLoops loops;
  private final ConnectionSpec spec;
  /** The statement to prepare, or null for plain statements. */
  private final String preparedSql;
  /** A plain statement's text before its key literal, or null when prepared. */
  private final String plainPrefix;
  private final SqlLiterals.Escaping escaping = text -> this.connection.escapeLiteral(text);
  private final WorkerRecorder recorder;
  private final KeyChooser keys;
  private final SplittableRandom random;
  private final Stop stop;
  private final OpsBudget budget;
  private final CountDownLatch ready;
  private final CountDownLatch finished;
  private final WorkerProbe probe;
  private final PhaseAbort abort;
  private final int retries;
  private final FailureReader failures;
  private final Runnable resume = this::resumeOnLoop;
  private final AtomicBoolean done = new AtomicBoolean();
  private volatile boolean started;
  /** Told when the first open ended, opened or not: the next connection may begin opening. */
  private Runnable openEnded = () -> { };
  /** The phase closed this worker: what its closing does to an opening under way is not the run's failure. */
  private volatile boolean closed;
  /** The open connection, or null after its session ended (until a new one is open). */
  private EventLoopConnection connection;
  /** The latest connection, open or not: its loop is this worker's. */
  private EventLoopConnection loop;
  private long start;
  private int attempt;
  private long backoffNanos = FIRST_BACKOFF_NANOS;
  private long lastExecutionEnd;

  /**
   * @param sql   the lookup, {@code $1} its key
   * @param plain send it as a plain statement with the key written in as a literal, rather than prepared
   */
  EventLoopWorker(EventLoops loops, ConnectionSpec spec, String sql, boolean plain, WorkerRecorder recorder,
                  KeyChooser keys,
                  SplittableRandom random, Stop stop, OpsBudget budget, CountDownLatch ready, CountDownLatch finished,
                  WorkerProbe probe, PhaseAbort abort, int retries, FailureReader failures) {
    this.loops = loops;
    this.spec = spec;
    this.preparedSql = plain ? null : sql;
    this.plainPrefix = plain ? sql.substring(0, sql.lastIndexOf("$1")) : null;
    this.recorder = recorder;
    this.keys = keys;
    this.random = random;
    this.stop = stop;
    this.budget = budget;
    this.ready = ready;
    this.finished = finished;
    this.probe = probe;
    this.abort = abort;
    this.retries = retries;
    this.failures = failures;
  }

  /**
   * Opens the connection; {@code ready} is counted down once it is open or could not be, {@code ended} run just
   * before.
   */
  void open(Runnable ended) {
    openEnded = ended;
    EventLoopConnection.open(loops, spec, preparedSql, this);
  }

  /** Counted as not opened, without trying: an earlier connection of the phase failed to open. */
  void notOpened() {
    startFailure = new SQLException("not opened: an earlier connection of the phase failed to open", "08000");
    ready.countDown();
  }

  /** The go: the first execution starts on the connection's loop. Only after {@link #open} succeeded. */
  void start() {
    started = true;
    loop.runOnLoop(() -> {
      probe.started();
      next();
    });
  }

  /** Ends the worker when it was never started (a phase that failed before its go). */
  void abandon() {
    finish();
  }

  /** Closes the connection (after the phase); at once when this worker's execution outlived the phase's grace. */
  void close() {
    closed = true;
    if (connection != null) {
      if (done.get()) {
        connection.close();
      } else {
        connection.closeNow();
      }
    }
  }

  private void next() {
    if (stop.requested()) {
      finish();
      return;
    }
    switch (budget.takeOrQueue(resume)) {
      case HELD -> {
        return;
      }
      case SPENT -> {
        finish();
        return;
      }
      case GO -> { }
    }
    start = System.nanoTime();
    attempt = 0;
    if (connection == null) {
      loop.reopen(loops, spec, preparedSql, this);
    } else {
      send();
    }
  }

  /** Sends the next lookup on the open connection. */
  private void send() {
    Object key = keys.next(random);
    if (plainPrefix == null) {
      connection.execute(key, this);
      return;
    }
    StringBuilder text = new StringBuilder(plainPrefix.length() + 24).append(plainPrefix);
    try {
      SqlLiterals.append(text, key, escaping);
    } catch (SQLException e) {
      failed(null, e.getMessage(), false);
      return;
    }
    connection.executeText(text.toString(), this);
  }

  /** The budget was released (or the phase stopped) while this worker waited in it: go on, on the loop. */
  private void resumeOnLoop() {
    loop.runOnLoop(this::next);
  }

  @Override
  public void opened(EventLoopConnection c) {
    connection = c;
    loop = c;
    backendPid = c.backendPid();
    if (!started) {
      openEnded.run();
      ready.countDown();
      return;
    }
    // a new session for the execution that found the old one gone: part of that execution's time, as in Worker
    probe.reconnect(recorder.reconnect());
    send();
  }

  @Override
  public void failed(String sqlState, String message) {
    if (closed) {
      return;
    }
    if (!started) {
      startFailure = new SQLException(message, sqlState);
      openEnded.run();
      ready.countDown();
      return;
    }
    recordFailure(sqlState, message);
    long wait = backoffNanos;
    backoffNanos = Math.min(MAX_BACKOFF_NANOS, backoffNanos * 2);
    loop.runOnLoopAfter(TimeUnit.NANOSECONDS.toMillis(wait), this::next);
  }

  @Override
  public void succeeded(int rows) {
    lastExecutionEnd = System.nanoTime();
    long latency = lastExecutionEnd - start;
    probe.success(0, latency, recorder.success(0, latency, rows));
    backoffNanos = FIRST_BACKOFF_NANOS;
    next();
  }

  @Override
  public void failed(String sqlState, String message, boolean sessionEnded) {
    if (closed) {
      return; // an execution cut short by the phase's end, as a worker thread's is left uncounted
    }
    if (!sessionEnded && attempt < retries && SqlStates.classify(sqlState) == ErrorClass.SERIALIZATION) {
      // a lookup in autocommit has nothing to roll back: it runs again on the same connection
      attempt++;
      recorder.retry(0);
      send();
      return;
    }
    recordFailure(sqlState, message);
    if (sessionEnded || failures.leavesSessionUnusable(sqlState, message)) {
      // a session the target cannot use again is given up as one the server ended (a Postgres-XL coordinator's
      // with dead datanode connections): the next execution opens a new one, counted as a reconnect
      connection.close();
      connection = null;
    }
    loop.runOnLoop(this::next); // never inside the failed call: a dead connection may fail at once, again and again
  }

  private void recordFailure(String sqlState, String message) {
    lastExecutionEnd = System.nanoTime();
    long latency = lastExecutionEnd - start;
    probe.failure(0, latency, sqlState, recorder.failure(0, latency, sqlState, message, failures.node(message)));
    if (ConnectionErrors.TOO_MANY_CONNECTIONS.equals(sqlState)) {
      abort.tooManyConnections(new SQLException(message, sqlState));
    }
  }

  private void finish() {
    if (done.compareAndSet(false, true)) {
      finalExecutionEnd = lastExecutionEnd;
      if (started) {
        probe.stopped();
      }
      finished.countDown();
    }
  }
}
