package stress.mongodb;

import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a MongoDB-compatible server says it is, read at the first contact: MongoDB itself, FerretDB 1.x (its own
 * translation to SQL; {@code buildInfo} has {@code ferretdbVersion}), or FerretDB 2.x, a proxy in front of the
 * DocumentDB extension of PostgreSQL ({@code buildInfo} has a {@code ferretdb} document; its {@code serverStatus}
 * names the DocumentDB and the PostgreSQL it runs on). A reader compares roads by these names: "MongoDB 7.0.77", which
 * FerretDB 2 answers as, says neither that it is a layer on PostgreSQL nor which one.
 *
 * @param kind       which server family answered
 * @param version    its own version ({@code 7.0.12}, {@code v1.24.2}, {@code v2.5.0})
 * @param answersAs  the MongoDB version a layer answers as, null for MongoDB itself
 * @param documentdb DocumentDB's version under FerretDB 2 ({@code 0.106.0}), or null when it was not reported
 * @param postgresql the PostgreSQL under FerretDB 2 ({@code PostgreSQL 15.18}), or null when it was not reported
 * @param unreported why FerretDB 2's {@code serverStatus} said nothing of DocumentDB, or null
 */
public record ServerIdentity(Kind kind, String version, String answersAs, String documentdb, String postgresql,
                             String unreported) {
  /** The server families whose answers differ in ways the tests and the docs name. */
  public enum Kind {
    MONGODB, FERRETDB_1, FERRETDB_2
  }

  /** {@code buildInfo}'s answer alone (MongoDB, FerretDB 1.x; FerretDB 2.x without its DocumentDB). */
  static ServerIdentity of(BsonDocument buildInfo) {
    return of(buildInfo, null, null);
  }

  /**
   * @param serverStatus FerretDB 2's {@code serverStatus} answer, or null
   * @param unreported   why there is none (its refusal), or null
   */
  static ServerIdentity of(BsonDocument buildInfo, BsonDocument serverStatus, String unreported) {
    String mongo = text(buildInfo, "version");
    String mongoVersion = mongo == null ? "unknown" : mongo;
    BsonValue ferret1 = buildInfo.get("ferretdbVersion");
    if (ferret1 != null && ferret1.isString()) {
      return new ServerIdentity(Kind.FERRETDB_1, ferret1.asString().getValue(), mongoVersion, null, null, null);
    }
    if (!isLayer(buildInfo)) {
      return new ServerIdentity(Kind.MONGODB, mongoVersion, null, null, null, null);
    }
    String ferret2 = text(buildInfo.getDocument("ferretdb"), "version");
    BsonValue status = serverStatus == null ? null : serverStatus.get("ferretdb");
    String documentdb = null;
    String postgresql = null;
    if (status != null && status.isDocument()) {
      documentdb = firstWord(text(status.asDocument(), "documentdb"));
      String pg = text(status.asDocument(), "postgresql");
      postgresql = pg == null ? null : pg.replaceFirst("^(PostgreSQL \\S+).*$", "$1");
    }
    String why = documentdb != null ? null : unreported != null ? unreported
        : "serverStatus names no DocumentDB version";
    return new ServerIdentity(Kind.FERRETDB_2, ferret2 == null ? "unknown" : ferret2, mongoVersion, documentdb,
        postgresql, why);
  }

  /** Whether {@code buildInfo} is FerretDB 2's, whose {@code serverStatus} says what it runs on. */
  static boolean isLayer(BsonDocument buildInfo) {
    BsonValue ferret = buildInfo.get("ferretdb");
    return ferret != null && ferret.isDocument();
  }

  /**
   * In one phrase: {@code MongoDB 7.0.12}, {@code FerretDB v1.24.2 (answers as MongoDB 7.0.42)}, {@code FerretDB v2.5.0
   * on DocumentDB 0.106.0, PostgreSQL 15.18 (answers as MongoDB 7.0.77)}.
   */
  public String text() {
    return switch (kind) {
      case MONGODB -> "MongoDB " + version;
      case FERRETDB_1 -> "FerretDB " + version + " (answers as MongoDB " + answersAs + ")";
      case FERRETDB_2 -> "FerretDB " + version + " on DocumentDB " + (documentdb == null
          ? "(its version not reported: " + unreported + ")" : documentdb + (postgresql == null ? ""
          : ", " + postgresql)) + " (answers as MongoDB " + answersAs + ")";
    };
  }

  /** The family and its major version, e.g. {@code FerretDB 2 on DocumentDB}: what known differences are kept by. */
  public String family() {
    return switch (kind) {
      case MONGODB -> "MongoDB";
      case FERRETDB_1 -> "FerretDB 1";
      case FERRETDB_2 -> "FerretDB 2 on DocumentDB";
    };
  }

  private static String text(BsonDocument d, String key) {
    BsonValue v = d.get(key);
    return v != null && v.isString() ? v.asString().getValue() : null;
  }

  /** {@code 0.106.0 gitref: unknown sha:unknown} as {@code 0.106.0}. */
  private static String firstWord(String s) {
    if (s == null || s.isBlank()) {
      return null;
    }
    return s.strip().split("\\s+", 2)[0];
  }

  @Override
  public String toString() {
    return text();
  }
}
