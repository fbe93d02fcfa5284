package stress.cluster;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.load.TableSetup;
import stress.mongo.value.ForeignCollection;
import stress.mongo.MongoStatement;
import stress.mongo.value.Parameters;
import stress.mongo.value.PathCatalog;
import stress.mongo.value.TranslationTarget;
import stress.ops.file.IdLiteral;
import stress.table.DocumentTable;

/**
 * What a {@code $lookup} of a Citus table into itself on {@code path} gives, per document whose value there is one of
 * {@code values}: the sorted {@code _id}s of its matches, in the form the translation writes for the table's layout
 * (co-located on a key layout).
 */
final class CitusLookupRows {
  private CitusLookupRows() {}

  static Map<String, List<String>> of(String url, String table, String path, List<Long> values) throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      DocumentTable t = TableSetup.existing(c, null, table, false);
      String pipeline = "[{$match: {'" + path + "': {$in: " + values + "}}}, {$lookup: {from: 'self', localField: '" + path + "', foreignField: '" + path + "', as: 's'}},"
          + " {$project: {ids: '$s._id'}}]";
      TranslationTarget target = new TranslationTarget(PathCatalog.NONE, true, Map.of(), t.idType(),
          Map.of("self", new ForeignCollection(t.qualifiedName(), t.idType(), t.layout())), true)
          .withLayout(t.layout());
      String sql = MongoStatement.translate("aggregate", new BsonDocument("pipeline", BsonArray.parse(pipeline)),
          new Parameters(List.of()), target).statement().sql();
      Map<String, List<String>> rows = new TreeMap<>();
      try (PreparedStatement ps = c.prepareStatement(IdLiteral.resolve(sql, t.idType())
          .replace("{table}", t.qualifiedName())); ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          BsonDocument d = BsonDocument.parse(rs.getString(1));
          List<String> ids = new ArrayList<>();
          for (BsonValue id : d.getArray("ids")) {
            ids.add(id.toString());
          }
          ids.sort(null);
          rows.put(d.get("_id").toString(), ids);
        }
      }
      if (rows.isEmpty() || rows.values().stream().allMatch(List::isEmpty)) {
        throw new AssertionError("no document of " + table + " found a match: " + Set.copyOf(rows.values()));
      }
      return rows;
    }
  }
}
