package stress.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The same generated orders laid out twice on a Citus coordinator: the first table distributed by {@code _id}, the
 * second by {@code customer.customerId}; and a workload file of one find pinning the customer.
 */
final class CitusOrderLayouts {
  private CitusOrderLayouts() {}

  /** Creates both tables (2000 large orders each) and writes {@code by_customer} into {@code dir}; the file's path. */
  static Path create(String url, List<String> tables, Path dir) throws IOException {
    ClusterUrls.cli(url, 0, "init", "--table", tables.get(0), "--docs", "2000", "--shape", "large",
        "--drop-existing");
    ClusterUrls.cli(url, 0, "init", "--table", tables.get(1), "--docs", "2000", "--shape", "large",
        "--distribute-by", "customer.customerId", "--drop-existing");
    Path file = dir.resolve("orders.yaml");
    Files.writeString(file, """
        operations:
          by_customer:
            find: {filter: {customer.customerId: ":c"}, limit: 10}
            params: {c: {sample: customer.customerId, cap: 200}}
        """);
    return file;
  }
}
