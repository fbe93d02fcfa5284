package stress.table;

import java.util.Objects;
import stress.model.UsageException;

/**
 * How a document table is laid out on a cluster, as the target's catalog says: hash-distributed by {@code _id} (the
 * default), by a document path whose value lives in a column of its own beside {@code data} (named as the path), or
 * replicated to every node (a reference table). On plain PostgreSQL nothing is distributed and a key layout is only
 * its column.
 *
 * @param kind         by {@code _id}, by a key path, or replicated
 * @param path         the dotted document path of a key layout, else null; it is also the key column's name
 * @param type         the key column's type, else null
 * @param colocateWith the table (quoted, qualified) a new key table is co-located with, or null for the target's
 *                     default (Citus co-locates tables distributed by columns of one type)
 * @param group        the target's co-location group of an existing table (Citus colocationid), or null
 * @param keyInPrimaryKey true when the primary key is {@code (key column, _id)}: targets that need the distribution
 *                     column in every unique constraint (Citus, Postgres-XL, Greenplum). {@code _id} is then unique
 *                     per key value, as in a MongoDB collection sharded on another field, and the key is never null
 */
public record Layout(Kind kind, String path, KeyType type, String colocateWith, Integer group,
                     boolean keyInPrimaryKey) {
  /** The default: hash-distributed by {@code _id}. */
  public static final Layout ID = new Layout(Kind.ID, null, null, null, null, false);
  /** Replicated to every node. */
  public static final Layout REFERENCE = new Layout(Kind.REFERENCE, null, null, null, null, false);
  /** Names of the columns a key path cannot take. */
  private static final java.util.Set<String> TAKEN = java.util.Set.of("_id", "data");

  /** The kinds of layout. */
  public enum Kind {
    ID, KEY, REFERENCE
  }

  public Layout {
    Objects.requireNonNull(kind, "kind");
    if (kind == Kind.KEY) {
      checkPath(path);
      Objects.requireNonNull(type, "type");
    } else if (path != null || type != null || keyInPrimaryKey) {
      throw new IllegalArgumentException("only a key layout has a path, a type and a key column");
    }
  }

  /** Distributed by the value at {@code path}, held in a column of type {@code type}. */
  public static Layout key(String path, KeyType type) {
    return new Layout(Kind.KEY, path, type, null, null, false);
  }

  /** The same layout, co-located with {@code table} when it is created. */
  public Layout colocatedWith(String table) {
    return new Layout(kind, path, type, table, group, keyInPrimaryKey);
  }

  /** The same layout with the primary key the target gives it. */
  public Layout withKeyInPrimaryKey(boolean value) {
    return keyed() ? new Layout(kind, path, type, colocateWith, group, value) : this;
  }

  /** The same layout in co-location group {@code value} of the target. */
  public Layout inGroup(Integer value) {
    return new Layout(kind, path, type, colocateWith, value, keyInPrimaryKey);
  }

  /** The columns of the primary key, for ON CONFLICT. */
  public String primaryKey() {
    return keyInPrimaryKey ? "(" + quotedColumn() + ", _id)" : "(_id)";
  }

  /**
   * Refuses a path that cannot name a key column: empty steps, a {@code $} step, a column name already taken, or one
   * longer than PostgreSQL's 63 bytes.
   */
  public static void checkPath(String path) {
    if (path == null || path.isEmpty() || path.startsWith(".") || path.endsWith(".") || path.contains("..")) {
      throw new UsageException("the distribution path '" + path + "' is not a dotted document path (a.b.c)");
    }
    for (String step : path.split("\\.")) {
      if (step.startsWith("$")) {
        throw new UsageException("the distribution path '" + path + "' has an operator step '" + step + "'");
      }
    }
    if (TAKEN.contains(path)) {
      throw new UsageException("the distribution path '" + path + "' names a column of the document table itself;"
          + (path.equals("_id") ? " distribution by _id is the default layout" : " a key column cannot be named data"));
    }
    if (Identifiers.clipToBytes(path, 63).length() != path.length()) {
      throw new UsageException("the distribution path '" + path + "' is longer than 63 bytes, the longest column name");
    }
    Identifiers.quote(path);
  }

  /** True when the table has a key column. */
  public boolean keyed() {
    return kind == Kind.KEY;
  }

  /**
   * True when the key column holds no null: it is in the primary key, or the table is in a Citus co-location group
   * (Citus refuses a null distribution value). Otherwise a document missing the key path has a null key.
   */
  public boolean keyNeverNull() {
    return keyed() && (keyInPrimaryKey || group != null);
  }

  /**
   * True when a join on the two key columns is one the target runs on each shard: both tables keyed, by columns of
   * one type, in one co-location group where the target says (a group not known on either side is not a difference).
   */
  public boolean colocatedWith(Layout other) {
    return keyed() && other != null && other.keyed() && type == other.type
        && (group == null || other.group == null || group.equals(other.group));
  }

  /** The key column's name, quoted; null without one. */
  public String quotedColumn() {
    return keyed() ? Identifiers.quote(path) : null;
  }

  /** Whether this layout is the one {@code other} describes (the co-location group and target aside). */
  public boolean sameAs(Layout other) {
    return kind == other.kind && Objects.equals(path, other.path) && Objects.equals(type, other.type);
  }

  /** For messages: "by _id", "by account_id (bigint)", "reference (replicated)". */
  public String describe() {
    return switch (kind) {
      case ID -> "distributed by _id";
      case KEY -> "distributed by " + path + " (" + type.sql() + ")";
      case REFERENCE -> "reference (replicated to every node)";
    };
  }
}
