package stress.load;

import java.util.Objects;

/**
 * One row for a document table.
 *
 * @param id   the {@code _id} value as text, the way the column type's input function reads it (e.g. "42")
 * @param json the document as JSON text for the {@code data} jsonb column
 */
public record DocumentRow(String id, String json) implements CopyRow {
  public DocumentRow {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(json, "json");
  }
}
