package stress.connect.eventloop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
      List<String> threads = new CopyOnWriteArrayList<>();
      List<EventLoopConnection> opened = new CopyOnWriteArrayList<>();
      List<String> failures = new CopyOnWriteArrayList<>();
      CountDownLatch all = new CountDownLatch(6);
      EventLoopConnection.Opening record = new EventLoopConnection.Opening() {
        @Override
        public void opened(EventLoopConnection connection) {
          threads.add(Thread.currentThread().getName());
          opened.add(connection);
          all.countDown();
        }

        @Override
        public void failed(String sqlState, String message) {
          failures.add(sqlState + " " + message);
          all.countDown();
        }
      };
      // as the runner opens a phase's connections: one after another, from the same thread outside the loops
      for (int i = 0; i < 6; i++) {
        EventLoopConnection.open(loops, spec, "SELECT 1", record);
      }
      assertTrue(all.await(30, TimeUnit.SECONDS), "6 openings did not end within 30 s");
      assertEquals(List.of(), failures);
      Map<String, Integer> perThread = new TreeMap<>();
      threads.forEach(t -> perThread.merge(t, 1, Integer::sum));
      assertEquals(3, perThread.size(), "connections per loop thread: " + perThread);
      assertEquals(List.of(2, 2, 2), List.copyOf(perThread.values()), "connections per loop thread: " + perThread);
      opened.forEach(EventLoopConnection::close);
    }
  }
}
