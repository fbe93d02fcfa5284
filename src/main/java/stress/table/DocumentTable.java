package stress.table;

import java.util.Objects;

/**
 * A document table {@code (_id <idType> primary key, data jsonb not null default '{}')}, with a key column beside
 * {@code data} under a key {@link Layout}.
 *
 * @param schema schema name, or null for the search path
 * @param name   table name as stored in the catalog (unquoted)
 * @param idType type of the {@code _id} column
 * @param layout how the table is laid out on a cluster (by {@code _id}, by a key path, replicated)
 */
public record DocumentTable(String schema, String name, IdType idType, Layout layout) {
  public static final String COPY_SUFFIX = "_copy";

  public DocumentTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(idType, "idType");
    Objects.requireNonNull(layout, "layout");
    Identifiers.quote(name); // validates
    if (schema != null) {
      Identifiers.quote(schema);
    }
  }

  /** A table distributed by {@code _id}, the default layout. */
  public DocumentTable(String schema, String name, IdType idType) {
    this(schema, name, idType, Layout.ID);
  }

  /** The same table under another layout. */
  public DocumentTable withLayout(Layout other) {
    return new DocumentTable(schema, name, idType, other);
  }

  /** The columns COPY and INSERT write, in order: {@code _id}, the key column if any, {@code data}. */
  public String columnList() {
    return layout.keyed() ? "(_id, " + layout.quotedColumn() + ", data)" : "(_id, data)";
  }

  /** The quoted, schema-qualified name for SQL text. */
  public String qualifiedName() {
    return schema == null ? Identifiers.quote(name) : Identifiers.quote(schema) + "." + Identifiers.quote(name);
  }

  /** The copy table {@code <name>_copy} of the same shape, used by find_insert and find_delete. */
  public DocumentTable copyTable() {
    return new DocumentTable(schema, name + COPY_SUFFIX, idType, layout);
  }

  /** Schema-qualified name for messages: schema.name, unquoted. */
  public String displayName() {
    return schema == null ? name : schema + "." + name;
  }
}
