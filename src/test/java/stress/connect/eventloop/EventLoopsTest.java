package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import stress.connect.ConnectionSpec;
import stress.testing.TestDatabase;

/** Which loop serves which connection. */
class EventLoopsTest {

  @Test
  void connectionsOpenedFromOneThreadAreSpreadOverTheLoopsInTurn() throws Exception {
    ConnectionSpec spec = new ConnectionSpec(TestDatabase.newDatabaseUrl("eventloopspread"), "postgres", null,
        Map.of(), List.of());
    try (EventLoops loops = EventLoops.start(3)) {
      RecordedOpenings openings = new RecordedOpenings(6);
      // as the runner opens a phase's connections: one after another, from the same thread outside the loops
      for (int i = 0; i < 6; i++) {
        EventLoopConnection.open(loops, spec, "SELECT 1", openings);
      }
      openings.awaitAll();
      assertEquals(List.of(), openings.failures);
      Map<String, Integer> perThread = new TreeMap<>();
      openings.openedOnThreads.forEach(t -> perThread.merge(t, 1, Integer::sum));
      assertEquals(List.of(2, 2, 2), List.copyOf(perThread.values()), "connections per loop thread: " + perThread);
      openings.opened.forEach(EventLoopConnection::close);
    }
  }
}
