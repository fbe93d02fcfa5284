package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.load.TableSetup;
import stress.table.KeyType;
import stress.table.Layout;

/**
 * On a real Postgres-XL coordinator (STRESS_XL_URL): a table made by {@code init --distribute-by} is hashed on its key
 * column with the primary key (key, _id), {@code --reference} replicates, the layouts are read back from pgxc_class,
 * and a find pinning the key goes to one datanode in plain mode.
 */
class PostgresXlLayoutIT {
  private static final String KEYED = "xl_layout_it_check_in";
  private static final String REPLICATED = "xl_layout_it_lookup";

  @Test
  void keyAndReferenceLayoutsAndAKeyPinnedFind(@TempDir Path dir) throws Exception {
    String url = ClusterUrls.postgresXl();
    try {
      ClusterUrls.cli(url, 0, "init", "--table", KEYED, "--docs", "2000", "--drop-existing", "--distribute-by", "u");
      ClusterUrls.cli(url, 0, "init", "--table", REPLICATED, "--docs", "10", "--drop-existing", "--reference",
          REPLICATED);
      try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery("SELECT c.relname, x.pclocatortype, a.attname FROM pgxc_class x JOIN"
            + " pg_class c ON c.oid = x.pcrelid LEFT JOIN pg_attribute a ON a.attrelid = x.pcrelid AND a.attnum ="
            + " x.pcattnum WHERE c.relname IN ('" + KEYED + "', '" + REPLICATED + "') ORDER BY 1")) {
          rs.next();
          assertEquals(java.util.List.of(KEYED, "H", "u"), java.util.List.of(rs.getString(1), rs.getString(2),
              rs.getString(3)));
          rs.next();
          assertEquals("R", rs.getString(2));
        }
        Layout keyed = TableSetup.existing(c, null, KEYED, true).layout();
        assertTrue(keyed.sameAs(Layout.key("u", KeyType.BIGINT)) && keyed.keyInPrimaryKey(), keyed.toString());
        assertEquals(Layout.REFERENCE, TableSetup.existing(c, null, REPLICATED, true).layout());
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + KEYED + " WHERE u = CAST(data->>'u' AS bigint)")) {
          rs.next();
          assertEquals(2000, rs.getLong(1));
        }
      }
      Path file = Files.writeString(dir.resolve("w.yaml"), """
          operations:
            by_user:
              find: {filter: {u: ":u"}, limit: 5}
              params: {u: {int: [1, 100]}}
          """);
      String text = ClusterUrls.cli(url, 0, "explain", "--verbose", "--table", KEYED, "--workload", file.toString());
      System.out.println(text);
      Map<String, String> byUser = ExplainVerdicts.of(text).get("by_user SELECT");
      assertTrue(byUser.get("plain").startsWith("single-node route: 1 of "), byUser.toString());
    } finally {
      ClusterUrls.dropDocumentTables(url, KEYED);
      ClusterUrls.dropDocumentTables(url, REPLICATED);
    }
  }
}
