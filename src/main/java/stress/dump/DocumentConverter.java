package stress.dump;

import java.util.Objects;

/**
 * Turns each {@link DumpDocument} into a {@link ConvertedDocument}: the {@code _id} column value (by an
 * {@link IdConverter}) and the whole document as Extended JSON text for jsonb (by {@link BsonJson}'s
 * rules). A document that cannot become a row is refused with a {@link DocumentRejectedException}
 * carrying its {@link Rejection}; none is changed to make it fit. Stateless and thread-safe.
 */
public final class DocumentConverter {
  private final JsonFormat format;
  private final IdConverter ids;

  public DocumentConverter(JsonFormat format, IdConverter ids) {
    this.format = Objects.requireNonNull(format, "format");
    this.ids = Objects.requireNonNull(ids, "ids");
  }

  public JsonFormat format() {
    return format;
  }

  public IdConverter ids() {
    return ids;
  }

  /**
   * Converts one document.
   *
   * @throws DocumentRejectedException when it has no {@code _id}, its {@code _id} does not fit the column
   *                                   type, or it holds what jsonb cannot store (U+0000, repeated keys)
   */
  public ConvertedDocument convert(DumpDocument document) throws DocumentRejectedException {
    Object id = ids.value(document);
    String json;
    try {
      json = BsonJson.convert(document.bytes(), format);
    } catch (BsonWalker.JsonbIncompatibleException e) {
      throw DocumentRejectedException.of(document, e.getMessage());
    } catch (RuntimeException e) {
      // Documents from a DocumentStream were decoded once already; this guards hand-made ones.
      String problem = BsonWalker.decodingProblem(document.bytes());
      throw DocumentRejectedException.of(document, problem != null ? problem : e.toString());
    }
    return new ConvertedDocument(document, id, json);
  }
}
