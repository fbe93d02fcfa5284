package stress.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/**
 * What a server is, from buildInfo (and FerretDB 2's serverStatus): MongoDB, FerretDB 1.24 answering as MongoDB, and
 * FerretDB 2.5 on DocumentDB 0.106 from its real answers (fixtures/documentdb-0.106).
 */
class ServerIdentityTest {
  @Test
  void mongoDbAndFerretDb1AreNamedFromBuildInfo() {
    ServerIdentity mongo = ServerIdentity.of(BsonDocument.parse("{version: '7.0.12', ok: 1}"));
    assertEquals("MongoDB 7.0.12", mongo.text());
    assertEquals(ServerIdentity.Kind.MONGODB, mongo.kind());
    ServerIdentity ferret = ServerIdentity.of(BsonDocument.parse("{version: '7.0.42', ferretdbVersion: 'v1.24.2',"
        + " ferretdbFeatures: {}, ok: 1}"));
    assertEquals("FerretDB v1.24.2 (answers as MongoDB 7.0.42)", ferret.text());
    assertEquals("FerretDB 1", ferret.family());
  }

  @Test
  void ferretDb2NamesItsDocumentDbAndPostgresqlFromServerStatus() {
    BsonDocument buildInfo = DocumentDbPlanTest.fixture("buildInfo.json");
    assertTrue(ServerIdentity.isLayer(buildInfo));
    ServerIdentity layer = ServerIdentity.of(buildInfo, DocumentDbPlanTest.fixture("serverStatus.json"), null);
    assertEquals("FerretDB v2.5.0 on DocumentDB 0.106.0, PostgreSQL 15.18 (answers as MongoDB 7.0.77)", layer.text());
    assertEquals(ServerIdentity.Kind.FERRETDB_2, layer.kind());
    assertEquals("0.106.0", layer.documentdb());
  }

  @Test
  void ferretDb2WithoutServerStatusSaysWhyItsDocumentDbIsNotNamed() {
    ServerIdentity layer = ServerIdentity.of(DocumentDbPlanTest.fixture("buildInfo.json"), null,
        "serverStatus failed: error 13 (Unauthorized): not authorized");
    assertEquals("FerretDB v2.5.0 on DocumentDB (its version not reported: serverStatus failed: error 13"
        + " (Unauthorized): not authorized) (answers as MongoDB 7.0.77)", layer.text());
    assertFalse(ServerIdentity.isLayer(BsonDocument.parse("{version: '7.0.12'}")));
  }
}
