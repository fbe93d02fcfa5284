package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static stress.server.PsqlOutput.bool;
import static stress.server.PsqlOutput.fixture;
import static stress.server.PsqlOutput.rowAfter;
import static stress.server.PsqlOutput.section;
import static stress.server.PsqlOutput.tableAfter;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stress.server.CatalogFacts.CitusNodeProbe;
import stress.server.CatalogFacts.CitusProbe;
import stress.server.CatalogFacts.GpSegmentRow;
import stress.server.CatalogFacts.GreenplumProbe;
import stress.server.CatalogFacts.XlNodeRow;
import stress.server.CatalogFacts.XlProbe;

/** The classifier fed with the real catalog output captured from Citus, Postgres-XL and Greenplum clusters. */
class TargetClassifierFixtureTest {
  // what the probes return on a server without the product, as the integration test shows on real PostgreSQL
  private static final GreenplumProbe NO_GREENPLUM = new GreenplumProbe(null, null, false);
  private static final XlProbe NO_XL = new XlProbe(false, null, false);

  private static final String CITUS = fixture("citus-13.2/catalog-queries.txt");
  private static final String XL_SAFE = fixture("pgxl-10r1.1/detect_xl_safe.txt");
  private static final String XL_DETECT = fixture("pgxl-10r1.1/detect_xl_coordinator.txt");

  private static String citusVersion() {
    return rowAfter(fixture("citus-13.2/citus_version.txt"), "SELECT version();").get("version");
  }

  private static CitusProbe queryA(String server) {
    Map<String, String> row = rowAfter(section(CITUS, server, "##### Server:"), "----- Query A");
    return new CitusProbe(row.get("citus_extversion"), bool(row.get("has_pg_dist_node")),
        bool(row.get("has_pg_dist_local_group")), row.get("citus_shard_count_guc"), row.get("shared_preload_libraries"));
  }

  private static CitusNodeProbe queryB(String server) {
    Map<String, String> row = rowAfter(section(CITUS, server, "##### Server:"), "----- Query B");
    return new CitusNodeProbe(bool(row.get("is_coordinator")), Integer.valueOf(row.get("local_groupid")),
        Long.parseLong(row.get("active_primary_workers")), row.get("citus_version"));
  }

  private static CatalogFacts citusFacts(String server) {
    return new CatalogFacts(citusVersion(), null, queryA(server), queryB(server), NO_XL, List.of(), NO_GREENPLUM,
        List.of());
  }

  @Test
  void citusCoordinator() {
    TargetInfo info = TargetClassifier.classify(citusFacts("Citus coordinator (127.0.0.1:9700)"));
    assertEquals(TargetKind.CITUS_COORDINATOR, info.kind());
    assertEquals("13.2.2", info.productVersion());
    assertEquals(new CitusNode(2, 32), info.citus());
    assertEquals(150020, info.serverVersion().versionNum());
    assertEquals(List.of(
        "target: Citus coordinator",
        "postgresql: 15.20",
        "citus: 13.2.2",
        "workers: 2 active",
        "shard count: 32",
        "version: " + citusVersion()), info.describeLines());
  }

  @Test
  void citusWorker() {
    TargetInfo info = TargetClassifier.classify(citusFacts("Citus worker (127.0.0.1:9701)"));
    assertEquals(TargetKind.CITUS_WORKER, info.kind());
    assertEquals("13.2.2", info.productVersion());
    assertEquals(new CitusNode(2, 32), info.citus());
    assertTrue(info.describeLines().contains("target: Citus worker"));
  }

  @Test
  void plainPostgresFromCitusAndXlProbes() {
    String server = "plain PostgreSQL 15, no Citus (127.0.0.1:9710)";
    CitusProbe citus = queryA(server);
    assertNull(citus.extversion());
    // Query B failed there with 42883, which is why the detector never sends it without the extension
    assertTrue(section(CITUS, server, null).contains("ERROR:  42883: function pg_catalog.citus_is_coordinator()"));

    String vanilla = section(XL_SAFE, "######## vanilla PostgreSQL 15", "########");
    String version = vanilla.lines().skip(1).findFirst().orElseThrow();
    XlProbe xl = xlProbe(vanilla);
    assertEquals(new XlProbe(false, null, false), xl);

    TargetInfo info = TargetClassifier.classify(
        new CatalogFacts(version, null, citus, null, xl, List.of(), NO_GREENPLUM, List.of()));
    assertEquals(TargetKind.POSTGRESQL, info.kind());
    assertEquals("15.20", info.serverVersion().text());
    assertNull(info.productVersion());
    assertEquals(List.of("target: PostgreSQL", "postgresql: 15.20", "version: " + version), info.describeLines());
  }

  private static XlProbe xlProbe(String sectionText) {
    Map<String, String> row = rowAfter(sectionText, "SELECT version() LIKE");
    return new XlProbe(bool(row.get("is_postgres_xl")), row.get("xl_node_name"), bool(row.get("has_pgxc_node")));
  }

  private static CatalogFacts xlFacts(String port) {
    String detect = section(XL_DETECT, "######## port " + port, "######## port");
    String version = rowAfter(detect, "SELECT version();").get("version");
    XlProbe probe = xlProbe(xlSafeSection(port));
    List<XlNodeRow> nodes = tableAfter(detect, "FROM pgxc_node ORDER BY node_type, node_name;").stream()
        .map(r -> new XlNodeRow(r.get("node_name"), r.get("node_type")))
        .toList();
    return new CatalogFacts(version, null, null, null, probe, nodes, NO_GREENPLUM, List.of());
  }

  private static String xlSafeSection(String port) {
    String marker = port.equals("30001") ? "######## Postgres-XL coordinator 30001" : "######## Postgres-XL datanode 40001";
    return section(XL_SAFE, marker, "\n########");
  }

  @Test
  void xlCoordinator() {
    TargetInfo info = TargetClassifier.classify(xlFacts("30001"));
    assertEquals(TargetKind.XL_COORDINATOR, info.kind());
    assertEquals("10r1.1", info.productVersion());
    assertEquals(new XlNodes("coord1", List.of("coord1", "coord2"), List.of("dn1", "dn2")), info.xl());
    assertEquals(100006, info.serverVersion().versionNum());
    assertEquals(List.of(
        "target: Postgres-XL coordinator",
        "postgresql: 10.6",
        "postgres-xl: 10r1.1",
        "node: coord1",
        "coordinators: 2 (coord1, coord2)",
        "datanodes: 2 (dn1, dn2)",
        "version: PostgreSQL 10.6 (Postgres-XL 10r1.1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14+deb12u1)"
            + " 12.2.0, 64-bit"), info.describeLines());
  }

  @Test
  void xlDatanode() {
    TargetInfo info = TargetClassifier.classify(xlFacts("40001"));
    assertEquals(TargetKind.XL_DATANODE, info.kind());
    assertEquals("dn1", info.xl().nodeName());
    assertEquals(List.of("dn1", "dn2"), info.xl().datanodes());
  }

  @Test
  void xlNodeMissingFromItsOwnCatalogIsReported() {
    CatalogFacts facts = xlFacts("30001");
    CatalogFacts unregistered = new CatalogFacts(facts.version(), null, null, null, facts.xl(),
        facts.xlNodes().stream().filter(n -> !n.name().equals("coord1")).toList(), NO_GREENPLUM, List.of());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> TargetClassifier.classify(unregistered));
    assertTrue(e.getMessage().contains("'coord1'"), e.getMessage());
  }

  private static CatalogFacts greenplumFacts(String version) {
    String gp = "greenplum7-matrixdb5/";
    // settings.txt is one unaligned row: server_version|server_version_num|gp_server_version|gp_server_version_num|optimizer
    String[] settings = fixture(gp + "settings.txt").strip().split("\\|");
    List<GpSegmentRow> segments = PsqlOutput.firstTable(fixture(gp + "gp_segment_configuration.txt")).stream()
        .map(r -> new GpSegmentRow(Integer.parseInt(r.get("content")), r.get("role")))
        .toList();
    return new CatalogFacts(version, settings[0], null, null, NO_XL, List.of(),
        new GreenplumProbe(settings[2], settings[3], true), segments);
  }

  @Test
  void greenplumSettingsColumnsAreTheShowOutputs() {
    String all = fixture("greenplum7-matrixdb5/all_output.txt");
    String[] settings = fixture("greenplum7-matrixdb5/settings.txt").strip().split("\\|");
    assertEquals(rowAfter(all, " server_version \n").get("server_version"), settings[0]);
    assertEquals(rowAfter(all, " gp_server_version \n").get("gp_server_version"), settings[2]);
    assertEquals(rowAfter(all, " gp_server_version_num \n").get("gp_server_version_num"), settings[3]);
  }

  @Test
  void greenplumMatrixDb() {
    String version = fixture("greenplum7-matrixdb5/version.txt").strip();
    TargetInfo info = TargetClassifier.classify(greenplumFacts(version));
    assertEquals(TargetKind.GREENPLUM, info.kind());
    assertEquals("7.0.0 build dev", info.productVersion());
    assertEquals(new GreenplumSegments(2), info.greenplum());
    assertEquals(12, info.serverVersion().major());
    assertEquals(List.of(
        "target: Greenplum",
        "postgresql: 12",
        "greenplum: 7.0.0 build dev",
        "segments: 2 primary",
        "version: " + version), info.describeLines());
  }

  @Test
  void greenplumFamilyIsFoundWithoutTheWordGreenplum() {
    String cloudberryLike = "PostgreSQL 14.4 (Apache Cloudberry 1.6.0 build 1) on x86_64-pc-linux-gnu, 64-bit";
    TargetInfo info = TargetClassifier.classify(greenplumFacts(cloudberryLike));
    assertEquals(TargetKind.GREENPLUM, info.kind());
  }

  @Test
  void theWordGreenplumAloneIsNotGreenplum() {
    String version = fixture("greenplum7-matrixdb5/version.txt").strip();
    TargetInfo info = TargetClassifier.classify(
        new CatalogFacts(version, null, null, null, NO_XL, List.of(), NO_GREENPLUM, List.of()));
    assertEquals(TargetKind.POSTGRESQL, info.kind());
  }

  @Test
  void citusWithoutItsNodeProbeIsReported() {
    CatalogFacts facts = citusFacts("Citus coordinator (127.0.0.1:9700)");
    CatalogFacts withoutB = new CatalogFacts(facts.version(), null, facts.citus(), null, NO_XL, List.of(),
        NO_GREENPLUM, List.of());
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> TargetClassifier.classify(withoutB));
    assertTrue(e.getMessage().contains("13.2-1"), e.getMessage());
  }

  @Test
  void targetInfoRoundTripsThroughJackson() throws Exception {
    ObjectMapper json = new ObjectMapper();
    for (CatalogFacts facts : List.of(citusFacts("Citus coordinator (127.0.0.1:9700)"), xlFacts("30001"),
        greenplumFacts(fixture("greenplum7-matrixdb5/version.txt").strip()))) {
      TargetInfo info = TargetClassifier.classify(facts);
      String text = json.writeValueAsString(info);
      assertEquals(info, json.readValue(text, TargetInfo.class), text);
      assertTrue(text.contains("\"kind\":\"" + info.kind().name() + "\""), text);
    }
    String citus = json.writeValueAsString(TargetClassifier.classify(citusFacts("Citus coordinator (127.0.0.1:9700)")));
    assertTrue(citus.contains("\"citus\":{\"activeWorkers\":2,\"shardCount\":32}"), citus);
  }
}
