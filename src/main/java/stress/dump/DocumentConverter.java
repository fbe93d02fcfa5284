package stress.dump;

import java.io.Writer;
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

  /**
   * Converts one document in a single pass over its bytes: writes the same JSON text as {@link #convert} to
   * {@code out} and returns the {@code _id} column value ({@link IdConverter#text} gives its text). Decoding the
   * bytes is itself the check, so documents read without one ({@link DocumentStream#withoutDecodeCheck()}) may be
   * given; an undecodable one is told apart from the other refusals, with the reason a checking stream gives.
   * On a throw {@code out} may hold part of the text: discard it.
   *
   * @throws UndecodableDocumentException when the bytes are not a decodable document
   * @throws DocumentRejectedException    when it decodes but cannot become a row (as {@link #convert})
   */
  public Object write(DumpDocument document, Writer out) throws DocumentRejectedException {
    String jsonbProblem = null;
    try {
      BsonJson.write(document.bytes(), format, out);
    } catch (BsonWalker.JsonbIncompatibleException e) {
      // the walk stopped early: a later part may not decode, and that comes first, as in a checking stream
      checkDecodes(document);
      jsonbProblem = e.getMessage();
    } catch (RuntimeException e) {
      checkDecodes(document);
      throw DocumentRejectedException.of(document, e.toString());
    }
    Object id = ids.value(document); // an _id refusal comes before a jsonb one, as in convert
    if (jsonbProblem != null) {
      throw DocumentRejectedException.of(document, jsonbProblem);
    }
    return id;
  }

  private static void checkDecodes(DumpDocument document) throws UndecodableDocumentException {
    String problem = BsonWalker.decodingProblem(document.bytes());
    if (problem != null) {
      throw new UndecodableDocumentException(new Rejection(document.source(), document.offset(), document.index(),
          document.length(), problem, document.bytes()));
    }
  }
}
