package stress.dump.document;

import java.util.Objects;

/**
 * One document ready for a row {@code (_id, data)}.
 *
 * @param document the document read
 * @param id       the {@code _id} for the column: Integer, Long, Double, String or java.util.UUID
 * @param json     the whole document (its {@code _id} included) as Extended JSON text for the jsonb column
 */
public record ConvertedDocument(DumpDocument document, Object id, String json) {
  public ConvertedDocument {
    Objects.requireNonNull(document, "document");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(json, "json");
  }

  /**
   * The {@code _id} as text that PostgreSQL's input function for the column type accepts (doubles as the
   * shortest decimal that reads back the same, {@link DoubleText}: {@code 1.0E10}, {@code 1.0E23}, {@code NaN},
   * {@code Infinity}). COPY escaping is the caller's job.
   */
  public String idText() {
    return IdConverter.text(id);
  }
}
