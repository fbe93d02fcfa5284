package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.server.CitusNode;
import stress.server.GreenplumSegments;
import stress.server.ServerVersion;
import stress.server.TargetInfo;
import stress.server.TargetKind;
import stress.server.XlNodes;

/** A target in words, the same for the detected record and for its JSON read back from a result file. */
class TargetWordsTest {
  private static final String PG15 = "PostgreSQL 15.8 on x86_64-pc-linux-gnu, compiled by gcc, 64-bit";

  private static TargetInfo target(TargetKind kind, String product, CitusNode citus, XlNodes xl,
                                   GreenplumSegments greenplum) {
    return new TargetInfo(kind, PG15, ServerVersion.parse(PG15), product, citus, xl, greenplum);
  }

  @Test
  void eachKindIsSaidInWordsAndTheSameOnceReadBack() {
    Map<TargetInfo, String> expected = new java.util.LinkedHashMap<>();
    expected.put(TargetInfo.postgres("PostgreSQL 18.6 on aarch64-unknown-linux-gnu", ServerVersion.parse("18.6")),
        "PostgreSQL 18.6");
    expected.put(target(TargetKind.CITUS_COORDINATOR, "13.2.2", new CitusNode(2, 32), null, null),
        "Citus 13.2.2 on PostgreSQL 15.8, 2 workers");
    expected.put(target(TargetKind.CITUS_COORDINATOR, "13.2.2", new CitusNode(1, null), null, null),
        "Citus 13.2.2 on PostgreSQL 15.8, 1 worker");
    expected.put(target(TargetKind.CITUS_WORKER, "13.2.2", new CitusNode(2, 32), null, null),
        "a worker of Citus 13.2.2 on PostgreSQL 15.8");
    expected.put(target(TargetKind.XL_COORDINATOR, "10r1.1", null,
        new XlNodes("coord1", List.of("coord1", "coord2"), List.of("dn1", "dn2", "dn3")), null),
        "Postgres-XL 10r1.1 on PostgreSQL 15.8, coordinator coord1 (2 coordinators, 3 datanodes)");
    expected.put(target(TargetKind.XL_DATANODE, null, null, new XlNodes("dn1", List.of(), List.of("dn1")), null),
        "Postgres-XL (version unknown) on PostgreSQL 15.8, datanode dn1");
    expected.put(target(TargetKind.GREENPLUM, "7.1.0", null, null, new GreenplumSegments(4)),
        "Greenplum 7.1.0 on PostgreSQL 15.8, 4 primary segments");
    expected.forEach((target, words) -> {
      assertEquals(words, TargetWords.of(target), target.kind().name());
      Object readBack = JsonReport.mapper().convertValue(target, Map.class);
      assertEquals(words, TargetWords.of(readBack), "read back: " + readBack);
    });
  }

  @Test
  void oldOrPartialResultsAreSaidFromWhatTheyHold() {
    assertEquals("PostgreSQL 16.4", TargetWords.of(Map.of("kind", "POSTGRESQL", "version",
        "PostgreSQL 16.4 (Debian 16.4-1) on x86_64-pc-linux-gnu")));
    assertEquals("Citus 13.2.2 on PostgreSQL 15.8", TargetWords.of(Map.of("kind", "CITUS_COORDINATOR", "version",
        PG15, "productVersion", "13.2.2")));
    assertEquals("postgres, PostgreSQL 16.4", TargetWords.of(Map.of("kind", "postgres", "version", "16.4")));
    assertEquals("postgres", TargetWords.of(Map.of("kind", "postgres")));
    assertEquals("not recorded", TargetWords.of(null));
    assertEquals("a server given as text", TargetWords.of("a server given as text"));
  }
}
