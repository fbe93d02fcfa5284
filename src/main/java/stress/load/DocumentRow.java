package stress.load;

import java.util.Objects;

/**
 * One row for a document table.
 *
 * @param id   the {@code _id} value as text, the way the column type's input function reads it (e.g. "42")
 * @param json the document as JSON text for the {@code data} jsonb column
 * @param key  the key column's value as text, or null
 */
public record DocumentRow(String id, String json, String key) implements CopyRow {
  public DocumentRow(String id, String json) {
    this(id, json, null);
  }

  public DocumentRow {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(json, "json");
  }
}
