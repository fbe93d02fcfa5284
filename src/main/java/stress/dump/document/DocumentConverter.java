package stress.dump.document;

import java.io.Writer;
import java.util.Objects;
import stress.dump.bson.BsonJson;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.CopyFieldJson;
import stress.dump.bson.JsonFormat;
import stress.dump.bson.RepeatedFields;

/**
 * Turns each {@link DumpDocument} into a {@link ConvertedDocument}: the {@code _id} column value (by an
 * {@link IdConverter}) and the whole document as Extended JSON text for jsonb (by {@link BsonJson}'s
 * rules). A document that cannot become a row is refused with a {@link DocumentRejectedException}
 * carrying its {@link Rejection}; none is changed to make it fit, but for repeated field names when a
 * {@link RepeatedFields} policy other than reject is given. Stateless and thread-safe.
 */
public final class DocumentConverter {
  private final JsonFormat format;
  private final IdConverter ids;
  private final RepeatedFields repeated;

  /** A converter that refuses documents with a repeated field name. */
  public DocumentConverter(JsonFormat format, IdConverter ids) {
    this(format, ids, RepeatedFields.REJECT);
  }

  public DocumentConverter(JsonFormat format, IdConverter ids, RepeatedFields repeated) {
    this.format = Objects.requireNonNull(format, "format");
    this.ids = Objects.requireNonNull(ids, "ids");
    this.repeated = Objects.requireNonNull(repeated, "repeated");
  }

  /**
   * What {@link #writeRow} gives.
   *
   * @param id             the {@code _id} column value
   * @param repeatedFields null, or one line saying which field name was repeated and which value was loaded
   */
  public record Written(Object id, String repeatedFields) {}

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
    BsonWalker.Repeats repeats;
    try {
      BsonJson.Text text = BsonJson.convert(document.bytes(), format, repeated);
      json = text.json();
      repeats = text.repeats();
    } catch (BsonWalker.JsonbIncompatibleException e) {
      throw DocumentRejectedException.of(document, e.getMessage());
    } catch (RuntimeException e) {
      // Documents from a DocumentStream were decoded once already; this guards hand-made ones.
      String problem = BsonWalker.decodingProblem(document.bytes());
      throw DocumentRejectedException.of(document, problem != null ? problem : e.toString());
    }
    return new ConvertedDocument(document, lastIdWhenRepeated(document, repeats, id), json);
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
    return writeRow(document, out).id();
  }

  /**
   * As {@link #write}, also saying whether a repeated field name was let through by the {@link RepeatedFields}
   * policy. Under {@link RepeatedFields#LAST} a repeated top-level {@code _id} gives the column its last value, the
   * one jsonb keeps in {@code data}.
   */
  public Written writeRow(DumpDocument document, Writer out) throws DocumentRejectedException {
    return written(document, () -> BsonJson.write(document.bytes(), format, out, repeated));
  }

  /**
   * As {@link #writeRow}, with the text written by {@link CopyFieldJson} in COPY's text form: the same bytes as
   * {@link #writeRow} into a COPY text writer gives, written faster. Null, with {@code out} to be discarded, when the
   * document holds a type only org.bson's writer writes, or the format is not relaxed: then use {@link #writeRow}.
   */
  public Written writeCopyField(DumpDocument document, CopyFieldJson out) throws DocumentRejectedException {
    if (format != JsonFormat.RELAXED) {
      return null;
    }
    try {
      return written(document, () -> BsonWalker.copy(document.bytes(), out, repeated));
    } catch (CopyFieldJson.NeedsFullWriter e) {
      return null;
    }
  }

  /** One walk that writes a document's text somewhere; it may stop early on what jsonb cannot hold. */
  private interface Walk {
    BsonWalker.Repeats run() throws BsonWalker.JsonbIncompatibleException;
  }

  private Written written(DumpDocument document, Walk walk) throws DocumentRejectedException {
    String jsonbProblem = null;
    BsonWalker.Repeats repeats = null;
    try {
      repeats = walk.run();
    } catch (BsonWalker.JsonbIncompatibleException e) {
      // the walk stopped early: a later part may not decode, and that comes first, as in a checking stream
      checkDecodes(document);
      jsonbProblem = e.getMessage();
    } catch (CopyFieldJson.NeedsFullWriter e) {
      throw e;
    } catch (RuntimeException e) {
      checkDecodes(document);
      throw DocumentRejectedException.of(document, e.toString());
    }
    Object id = ids.value(document); // an _id refusal comes before a jsonb one, as in convert
    if (jsonbProblem != null) {
      throw DocumentRejectedException.of(document, jsonbProblem);
    }
    return repeats == null ? new Written(id, null)
        : new Written(lastIdWhenRepeated(document, repeats, id), repeats.describe(repeated));
  }

  /** The column value that matches {@code data->'_id'}: under LAST with {@code _id} repeated, the last one's. */
  private Object lastIdWhenRepeated(DumpDocument document, BsonWalker.Repeats repeats, Object firstId)
      throws DocumentRejectedException {
    return repeats != null && repeats.topLevelId() && repeated == RepeatedFields.LAST ? ids.lastValue(document)
        : firstId;
  }

  private static void checkDecodes(DumpDocument document) throws UndecodableDocumentException {
    String problem = BsonWalker.decodingProblem(document.bytes());
    if (problem != null) {
      throw new UndecodableDocumentException(new Rejection(document.source(), document.offset(), document.index(),
          document.length(), problem, document.bytes()));
    }
  }
}
