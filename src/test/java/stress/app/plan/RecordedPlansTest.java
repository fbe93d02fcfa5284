package stress.app.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.model.MongoRecorded;

/** Where MongoDB read an index and the target reads the whole table: what the line says, by why. */
class RecordedPlansTest {
  private static final MongoRecorded IXSCAN = new MongoRecorded(5, 0, null, null, null, 1, 1, 1, 1,
      Map.of("IXSCAN { a: 1 }", 5L), null, null, Map.of());
  private static final String HEAD = "MongoDB read an index (IXSCAN { a: 1 }), this reads the whole table: ";

  @Test
  void aMissingIndexIsNamedWithTheCommandThatBuildsIt() {
    assertEquals(HEAD + "it lacks {path: a, type: numeric}; 'stress index --suggest' builds it",
        RecordedPlans.lostIndexNote(IXSCAN, List.of("{path: a, type: numeric}"), "stress index --suggest"));
  }

  @Test
  void indexesThatAreThereAreNotAdvisedAgain() {
    assertEquals(HEAD + "the indexes that serve it are there and the planner chose not to use them, as it does when"
        + " the table (each shard, on a cluster) is small; on the full data, or after ANALYZE, it may",
        RecordedPlans.lostIndexNote(IXSCAN, List.of(), "stress index --suggest"));
  }

  @Test
  void anSqlOperationsIndexesAreNotKnown() {
    assertEquals(HEAD + "check the indexes its SQL needs ('stress explain --workload FILE' shows the plan)",
        RecordedPlans.lostIndexNote(IXSCAN, null, "stress index --suggest"));
  }
}
