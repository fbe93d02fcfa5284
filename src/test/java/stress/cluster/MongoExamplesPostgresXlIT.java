package stress.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.dump.Corpus;

/**
 * Every shipped MongoDB-style example (config/workloads/*-mongo.yaml, *-aggregate.yaml and the sample data sets'
 * files) runs with no error on a real Postgres-XL coordinator (STRESS_XL_URL), which has no jsonpath (PostgreSQL
 * 10): the translation takes the form without it. {@link MongoExamplesCitusIT} runs the same on Citus.
 */
class MongoExamplesPostgresXlIT {
  /** The cluster's URL; the Citus twin sets its own. */
  String url;

  @BeforeEach
  void cluster() {
    url = ClusterUrls.postgresXl();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
      "orders-mongo, stress_orders, datasets/sample-large",
      "check-in-mongo, check_in, init",
      "sample-analytics-accounts, sample_analytics_accounts, corpus:atlas-sample-mcampo2/sample_analytics/accounts.bson",
      "sample-geospatial-shipwrecks, sample_geospatial_shipwrecks,"
          + " corpus:atlas-sample-mcampo2/sample_geospatial/shipwrecks.bson",
      "orders-aggregate, stress_orders, datasets/sample-large",
      "sample-analytics-aggregate, sample_analytics_accounts, corpus:atlas-sample-mcampo2/sample_analytics",
      "northwind-orders-aggregate, sample_Northwind_Orders, corpus:northwind/sample_Northwind",
      "sample-training-zips-aggregate, sample_training_zips, corpus:atlas-sample-mcampo2/sample_training/zips.bson",
  })
  void theExampleRunsWithoutErrors(String workload, String table, String data) throws Exception {
    if (data.equals("init")) {
      ClusterUrls.cli(url, 0, "init", "--table", table, "--docs", "5000", "--drop-existing");
    } else {
      Path source = Path.of(data);
      if (data.startsWith("corpus:")) {
        assumeTrue(Corpus.find().isPresent(), Corpus.whereLooked() + "; " + workload + " skipped");
        source = Corpus.find().get().resolve(data.substring("corpus:".length()));
      }
      ClusterUrls.cli(url, 0, "import", source.toString(), "--drop-existing");
    }
    try {
      String run = ClusterUrls.cli(url, 0, "run", "--workload", "config/workloads/" + workload + ".yaml", "--table",
          stress.model.TableName.typed(table), "--duration", "3s", "--warmup", "0s", "--threads", "2");
      assertTrue(run.contains("errors: none"), run);
    } finally {
      ClusterUrls.dropDocumentTables(url, table);
    }
  }
}
