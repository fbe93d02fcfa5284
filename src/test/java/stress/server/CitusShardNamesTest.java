package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stress.dump.naming.Namespace;
import stress.load.importer.TableNaming;
import stress.server.dialect.CitusDialect;
import stress.server.dialect.CitusShardNames;
import stress.table.DocumentTable;
import stress.table.IdType;

/**
 * The per-shard names of the longest tables import and init make, and when Citus must create their shards one
 * connection per worker.
 */
class CitusShardNamesTest {
  private static final String DB = "LongNamesDb";

  private static DocumentTable table(String name) {
    return new DocumentTable(null, name, IdType.TEXT);
  }

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  /** A collection name that makes {@code <prefix>LongNamesDb_<collection>} exactly {@code total} bytes. */
  private static String collectionFor(String prefix, int total) {
    return "k".repeat(total - bytes(prefix + DB + "_"));
  }

  @Test
  void theLongestImportedNamesWithAndWithoutPrefixFillEveryShardedNameTo63Bytes() {
    for (String prefix : List.of("", "c_")) {
      TableNaming naming = new TableNaming(null, null, prefix);
      String name = naming.nameFor(new Namespace(DB, collectionFor(prefix, TableNaming.MAX_TABLE_BYTES)));
      assertEquals(TableNaming.MAX_TABLE_BYTES, bytes(name), "58 bytes are kept as they are");
      List<String> sharded = CitusShardNames.shardedNames(table(name));
      assertEquals(List.of(name, name + "_pkey", name + "_copy", name + "_pkey"), sharded, prefix);
      assertEquals(List.of(58, 63, 63, 63), sharded.stream().map(CitusShardNamesTest::bytes).toList(), prefix);
      assertTrue(CitusShardNames.mayReachLimit(table(name)), prefix);
    }
  }

  @Test
  void shortenedNamesAreAtTheLimitToo() {
    for (String prefix : List.of("", "c_")) {
      TableNaming naming = new TableNaming(null, null, prefix);
      Namespace namespace = new Namespace(DB, collectionFor(prefix, TableNaming.MAX_TABLE_BYTES + 1));
      assertTrue(naming.shortens(namespace), prefix);
      String name = naming.nameFor(namespace);
      assertEquals(TableNaming.MAX_TABLE_BYTES, bytes(name), prefix);
      assertEquals(List.of(name, name + "_pkey", name + "_copy", name + "_pkey"),
          CitusShardNames.shardedNames(table(name)), prefix);
      assertTrue(CitusShardNames.mayReachLimit(table(name)), prefix);
    }
  }

  @Test
  void primaryKeyNamesAreCutBetweenCharacters() {
    String name = "é".repeat(29); // 58 bytes
    DocumentTable table = table(name);
    List<String> sharded = CitusShardNames.shardedNames(table);
    assertEquals(name + "_pkey", sharded.get(1));
    assertEquals(name + "_copy", sharded.get(2));
    assertEquals(name + "_pkey", sharded.get(3), "the copy table's 63 bytes are cut back to 58 for _pkey");
    String odd = "x" + "é".repeat(29); // 59 bytes: the cut cannot take half of the last é
    assertEquals("x" + "é".repeat(28) + "_pkey", CitusShardNames.primaryKeyName(odd));
    assertEquals(62, bytes(CitusShardNames.primaryKeyName(odd)));
  }

  /**
   * The copy table's primary key, {@code <name>_copy_pkey}, is the longest sharded name; with the longest shard id
   * suffix (20 bytes) it stays under 63 bytes up to a 32-byte table name.
   */
  @Test
  void shortNamesKeepParallelShardCreation() {
    assertFalse(CitusShardNames.mayReachLimit(table("check_in")));
    assertFalse(CitusShardNames.mayReachLimit(table("t".repeat(32))));
    assertTrue(CitusShardNames.mayReachLimit(table("t".repeat(33))));
    assertFalse(CitusShardNames.mayReachLimit(table("é".repeat(16))), "32 bytes");
    assertTrue(CitusShardNames.mayReachLimit(table("é".repeat(16) + "x")), "33 bytes");
  }

  /**
   * The length of a shard name by Citus's rule (read in its AppendShardIdToName): {@code <name>_<id>} when that is
   * under 64 bytes, else cut and hashed to exactly 63 (for ASCII names).
   */
  private static int citusShardNameBytes(String name, long shardId) {
    int suffix = ("_" + shardId).length();
    return bytes(name) < 64 - suffix ? bytes(name) + suffix : 63;
  }

  /** Sequential mode is asked for exactly when some sharded name reaches 63 bytes for some shard id. */
  @Test
  void sequentialModeExactlyWhenAShardNameCanReach63Bytes() {
    List<Long> shardIds = new ArrayList<>(); // 6 digits, as Citus starts, up to the 19 of the largest bigint
    for (long id = 102_008; id <= Long.MAX_VALUE / 10; id *= 10) {
      shardIds.add(id);
    }
    shardIds.add(Long.MAX_VALUE);
    for (int length = 1; length <= TableNaming.MAX_TABLE_BYTES; length++) {
      DocumentTable table = table("t".repeat(length));
      boolean reaches = false;
      for (long id : shardIds) {
        for (String name : CitusShardNames.shardedNames(table)) {
          reaches |= citusShardNameBytes(name, id) >= 63;
        }
      }
      assertEquals(reaches, CitusShardNames.mayReachLimit(table), length + " bytes");
    }
  }

  /**
   * On Citus 13.2.2 with the first shard ids (six digits) the copy table of a 51-byte table deadlocked and that of
   * a 50-byte one did not: exactly where its shard names reach 63 bytes.
   */
  @Test
  void theObservedDeadlockBoundaryIsWhereTheCopyTablesShardNamesReach63Bytes() {
    assertEquals(62, citusShardNameBytes("t".repeat(50) + "_copy", 102_008));
    assertEquals(63, citusShardNameBytes("t".repeat(51) + "_copy", 102_008));
    assertTrue(CitusShardNames.mayReachLimit(table("t".repeat(50))));
  }

  @Test
  void citusDialectAsksForSequentialModeOnlyWhereNeeded() {
    CitusDialect citus = new CitusDialect();
    assertEquals(List.of("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'"),
        citus.tableDdlSettings(table("c_" + DB + "_" + "k".repeat(44))));
    assertEquals(List.of(), citus.tableDdlSettings(table("check_in")));
    assertEquals(List.of("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'"), citus.deadlockRetrySettings());
  }
}
