package stress.cluster;

import org.junit.jupiter.api.BeforeEach;

/**
 * Every shipped MongoDB-style example runs with no error on a real Citus coordinator (STRESS_CITUS_URL), prepared
 * statements included (Citus 13 deparsed a simple CASE of a prepared UPDATE as WHEN NULL::boolean).
 */
class MongoExamplesCitusIT extends MongoExamplesPostgresXlIT {
  @BeforeEach
  @Override
  void cluster() {
    url = ClusterUrls.citus();
  }
}
