package stress.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.mongo.routing.KeyFigures;

/** The order of candidate keys and the reason each line gives, criterion by criterion. */
class ShardKeyRankingTest {
  private static final WorkloadFile FILE = WorkloadFile.read(Path.of("w.yaml"), """
      operations:
        by_a:
          weight: 10
          find: {filter: {a: 1}}
        by_b:
          weight: 10
          find: {filter: {b: 1}}
        set_b:
          weight: 5
          updateOne: {filter: {c: 1}, update: {$set: {b: 2}}}
        by_c_or_d:
          weight: 5
          countDocuments: {filter: {c: {$in: [1, 2]}, d: 3}}
      """);

  private static ShardKeyRanking.Candidate candidate(String path, KeyFigures figures) {
    return new ShardKeyRanking.Candidate(path, ShardKeyWorkload.of(FILE, path), figures);
  }

  private static KeyFigures figures(String path, long distinct, long top, long arrays) {
    return new KeyFigures(path, 100, 0, arrays, 0, distinct,
        List.of(new KeyFigures.ValueCount("1", top)), 0.0, null);
  }

  @Test
  void theWeightToOneShardComesFirstThenKeyUpdatesThenBroadcasts() {
    List<ShardKeyRanking.Ranked> ranked = ShardKeyRanking.rankByOperations(FILE);
    assertEquals(List.of("a", "b", "c", "d"), ranked.stream().map(r -> r.candidate().path()).toList());
    // a and b each send 10 of the 30 to one shard, but set_b changes b; c and d send 5 (set_b, by_c_or_d), and
    // by_c_or_d's $in of two values sends c to several shards rather than all
    assertTrue(ranked.get(0).reason().startsWith("one shard for 33.3% of the reads' and writes' weight (by_a), no"
        + " update changes it"), ranked.get(0).reason());
    assertTrue(ranked.get(1).reason().endsWith("below a: updates changing the key in 16.7% against 0.0%"),
        ranked.get(1).reason());
    assertTrue(ranked.get(2).reason().endsWith("below b: one shard for 16.7% of the weight against 33.3%"),
        ranked.get(2).reason());
    assertTrue(ranked.get(3).reason().endsWith("below c: every shard for 83.3% against 66.7%"), ranked.get(3).reason());
  }

  @Test
  void aPathWithArraysIsLastWhateverItsOperations() {
    List<ShardKeyRanking.Ranked> ranked = ShardKeyRanking.rank(List.of(candidate("a", figures("a", 50, 2, 3)),
        candidate("d", figures("d", 50, 2, 0))));
    assertEquals("d", ranked.get(0).candidate().path());
    assertNull(ranked.get(0).unfit());
    assertEquals("3 of 100 documents hold an array at or above the path (MongoDB refuses an array in a shard key)",
        ranked.get(1).unfit());
    assertTrue(ranked.get(1).reason().endsWith("below d: it cannot be a key"), ranked.get(1).reason());
  }

  @Test
  void withEqualOperationsTheHotterValueAndThenFewerValuesRankLower() {
    List<ShardKeyRanking.Ranked> ranked = ShardKeyRanking.rank(List.of(candidate("x", figures("x", 80, 30, 0)),
        candidate("y", figures("y", 80, 5, 0)), candidate("z", figures("z", 20, 5, 0))));
    assertEquals(List.of("y", "z", "x"), ranked.stream().map(r -> r.candidate().path()).toList());
    assertTrue(ranked.get(1).reason().endsWith("below y: 20 distinct values against 80"), ranked.get(1).reason());
    assertTrue(ranked.get(2).reason().endsWith("below z: its most frequent value in 30.0% of the documents against"
        + " 5.0%"), ranked.get(2).reason());
  }
}
