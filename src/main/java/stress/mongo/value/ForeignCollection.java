package stress.mongo.value;

import stress.table.IdType;
import stress.table.Layout;

/**
 * The table a {@code $lookup}'s {@code from} collection was imported into, as the translation writes it.
 *
 * @param sql    the table's quoted, schema-qualified name
 * @param idType its {@code _id} column's type, null when not known (the join then reads {@code _id} from the
 *               document, which no index serves)
 * @param layout its layout, null when not known: a join of two tables distributed by the joined paths is written on
 *               their key columns too ({@code aggregate.ColocatedLookup})
 */
public record ForeignCollection(String sql, IdType idType, Layout layout) {
  public ForeignCollection(String sql, IdType idType) {
    this(sql, idType, null);
  }

  /** A collection not resolved to a table: its name as a table in the search path. */
  public static ForeignCollection unresolved(String collection) {
    return new ForeignCollection(stress.table.Identifiers.quote(collection), null);
  }
}
