package stress.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.table.DocumentTable;
import stress.table.IdType;

/**
 * The {@code $lookup} stages of a MongoDB-style {@code aggregate} as written, each with the table its collection is
 * in beside the run's table (found as {@link LookupTables} finds it), for explain's word on how each is joined.
 */
public final class LookupStages {
  private LookupStages() {}

  /**
   * One {@code $lookup} stage.
   *
   * @param from         the collection it reads
   * @param localField   its {@code localField}, or null for the pipeline form ({@code let}/{@code pipeline})
   * @param foreignField its {@code foreignField}, or null for the pipeline form
   * @param table        the table of that collection, unqualified, in the run table's schema; null when none is there
   */
  public record Stage(String from, String localField, String foreignField, String table) {}

  /** The top-level {@code $lookup} stages of {@code spec}, in order; empty for anything but an aggregate. */
  public static List<Stage> of(Connection connection, DocumentTable table, MongoSpec spec) throws SQLException {
    List<Stage> stages = new ArrayList<>();
    if (spec == null || !spec.kind().equals("aggregate") || !spec.spec().isArray("pipeline")) {
      return stages;
    }
    for (BsonValue stage : spec.spec().getArray("pipeline")) {
      if (!stage.isDocument() || !stage.asDocument().isDocument("$lookup")) {
        continue;
      }
      BsonDocument lookup = stage.asDocument().getDocument("$lookup");
      String from = text(lookup, "from");
      stages.add(new Stage(from, text(lookup, "localField"), text(lookup, "foreignField"),
          from == null ? null : tableOf(connection, table, from)));
    }
    return stages;
  }

  private static String text(BsonDocument d, String key) {
    return d.isString(key) ? d.getString(key).getValue() : null;
  }

  /** The first of the collection's candidate table names that names a table, or null. */
  private static String tableOf(Connection connection, DocumentTable table, String collection) throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      for (String name : LookupTables.candidates(table.name(), collection)) {
        ps.setString(1, new DocumentTable(table.schema(), name, IdType.TEXT).qualifiedName());
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next() && rs.getBoolean(1)) {
            return name;
          }
        }
      }
    }
    return null;
  }
}
