package stress.table;

import java.util.Objects;

/**
 * A document table {@code (_id <idType> primary key, data jsonb not null default '{}')}.
 *
 * @param schema schema name, or null for the search path
 * @param name   table name as stored in the catalog (unquoted)
 * @param idType type of the {@code _id} column
 */
public record DocumentTable(String schema, String name, IdType idType) {
  public static final String COPY_SUFFIX = "_copy";

  public DocumentTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(idType, "idType");
    Identifiers.quote(name); // validates
    if (schema != null) {
      Identifiers.quote(schema);
    }
  }

  /** The quoted, schema-qualified name for SQL text. */
  public String qualifiedName() {
    return schema == null ? Identifiers.quote(name) : Identifiers.quote(schema) + "." + Identifiers.quote(name);
  }

  /** The copy table {@code <name>_copy} of the same shape, used by find_insert and find_delete. */
  public DocumentTable copyTable() {
    return new DocumentTable(schema, name + COPY_SUFFIX, idType);
  }

  /** Schema-qualified name for messages: schema.name, unquoted. */
  public String displayName() {
    return schema == null ? name : schema + "." + name;
  }
}
