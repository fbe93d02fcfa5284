package stress.app.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.mongodb.MongoException;
import java.io.IOException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import stress.model.DataStateException;
import stress.model.UsageException;

class FailedStepTest {
  private static final String PG = "jdbc:postgresql://127.0.0.1:5432/db";
  private static final String MONGO = "mongodb://127.0.0.1:27017/shop";
  private static final FailedStep.Step PHASE = new FailedStep.Step("phase 2/4", "mode=plain pool=none threads=8,"
      + " measuring", PG, null);

  @Test
  void aServersFailureIsNamedByStepDetailAndServerKeepingItsSqlState() {
    SQLException closed = new SQLException("This connection has been closed.", "08003");
    SQLException named = FailedStep.named(PHASE, closed);
    assertEquals("phase 2/4 (mode=plain pool=none threads=8, measuring, on postgresql " + PG + "): This connection"
        + " has been closed.", named.getMessage());
    assertEquals("08003", named.getSQLState());
    assertSame(closed, named.getCause());
  }

  @Test
  void theServerNamedIsTheOneWhoseDriverFailed() {
    FailedStep.Step check = new FailedStep.Step("the answer check", null, PG, MONGO);
    assertEquals("the answer check (on postgresql " + PG + "): boom",
        FailedStep.named(check, new SQLException("boom", "08006")).getMessage());
    RuntimeException mongo = FailedStep.named(check, new MongoException(6, "connection lost"));
    assertEquals("the answer check (on mongodb " + MONGO + "): connection lost", mongo.getMessage());
    assertEquals(6, ((MongoException) mongo).getCode());
    // a MongoDB failure in a step without a MongoDB target names no server rather than the wrong one
    assertEquals("set-up: lost", FailedStep.named(new FailedStep.Step("set-up", null, PG, null),
        new MongoException("lost")).getMessage());
  }

  @Test
  void namedOnceWhateverLevelsItPasses() {
    SQLException once = FailedStep.named(PHASE, new SQLException("boom", "57P01"));
    assertSame(once, FailedStep.named(new FailedStep.Step("set-up", null, PG, null), once));
    SQLException wrapping = new SQLException("could not go on: boom", "57P01", once);
    assertSame(wrapping, FailedStep.named(PHASE, wrapping));
  }

  @Test
  void theToolsOwnVerdictsPassUnchanged() {
    UsageException usage = new UsageException("--threads 0: must be at least 1");
    assertSame(usage, FailedStep.named(PHASE, usage));
    DataStateException missing = new DataStateException("table public.t does not exist");
    assertSame(missing, FailedStep.named(PHASE, missing));
    IOException io = new IOException("disk full");
    assertSame(io, FailedStep.named(PHASE, (Throwable) io));
  }

  @Test
  void aMessagelessFailureIsNamedByItsKind() {
    assertEquals("set-up (on postgresql " + PG + "): SQLException",
        FailedStep.named(new FailedStep.Step("set-up", null, PG, null), new SQLException()).getMessage());
  }

  @Test
  void rethrowKeepsEachDeclaredKind() {
    assertThrows(SQLException.class, () -> FailedStep.rethrow(new SQLException("x")));
    assertThrows(IOException.class, () -> FailedStep.rethrow(new IOException("x")));
    assertThrows(InterruptedException.class, () -> FailedStep.rethrow(new InterruptedException("x")));
    assertThrows(UsageException.class, () -> FailedStep.rethrow(new UsageException("x")));
    assertThrows(AssertionError.class, () -> FailedStep.rethrow(new AssertionError("x")));
  }
}
