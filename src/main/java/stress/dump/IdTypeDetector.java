package stress.dump;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.bson.BsonBinaryReader;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import stress.dump.bson.BsonWalker;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdDetection;
import stress.dump.document.IdKind;
import stress.dump.document.IdTextForm;
import stress.dump.document.Rejection;
import stress.table.IdType;

/**
 * Chooses the {@code _id} column type of a collection from the {@code _id}s it is shown.
 * {@link #detect(DumpCollection, ReadPolicy)} shows it every document (a full first pass): the choice
 * then fits every document. Feeding it only a sample through {@link #accept(DumpDocument)} is allowed;
 * a later document whose {@code _id} does not fit is then rejected by {@link IdConverter}, never altered.
 *
 * <p>Rules, by the kinds seen: only int32: INTEGER; int32 and/or int64: BIGINT; only double: DOUBLE; only
 * UUID (binary subtype 4 or 3, 16 bytes): UUID; only strings, or only ObjectIds: TEXT in
 * {@link IdTextForm#PLAIN} form (an ObjectId becomes its 24 hex digits); anything else, or a mix of kinds
 * (such as double and ObjectId): TEXT in {@link IdTextForm#EXTENDED_JSON} form, so every document imports
 * under a distinct key. Nothing seen: TEXT (MongoDB's default {@code _id} is an ObjectId).
 */
public final class IdTypeDetector {
  private final Map<String, Long> kinds = new LinkedHashMap<>();
  private long missing;
  private long counted;
  private boolean doublesWhole = true;

  /**
   * Counts the document's {@code _id}.
   *
   * @throws IllegalArgumentException when the bytes are not a decodable document (never for documents
   *                                  yielded by a {@link DocumentStream}, which checks them)
   */
  public void accept(DumpDocument document) {
    BsonValue id;
    try {
      id = new RawBsonDocument(document.bytes()).get("_id");
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(document + ": undecodable document: " + e.getMessage(), e);
    }
    count(id);
  }

  /** Counts one {@code _id} (null: the document has none). */
  private void count(BsonValue id) {
    counted++;
    if (id == null) {
      missing++;
      return;
    }
    String kind = IdKind.of(id);
    kinds.merge(kind, 1L, Long::sum);
    if (id.isDouble()) {
      double value = id.asDouble().getValue();
      doublesWhole &= value == Math.rint(value) && Math.abs(value) <= 0x1p53;
    }
  }

  /**
   * The {@code _id} of a document from its first bytes alone ({@code head}), when it is the document's first field and
   * of a kind read whole from there (numbers, strings, ObjectIds, binaries); null otherwise, or when it goes on past
   * the head. {@code _id} is the first field of every document a MongoDB server stores.
   */
  static BsonValue idInHead(byte[] head) {
    try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(head))) {
      reader.readStartDocument();
      if (reader.readBsonType() == BsonType.END_OF_DOCUMENT || !reader.readName().equals("_id")) {
        return null;
      }
      return switch (reader.getCurrentBsonType()) {
        case INT32 -> new BsonInt32(reader.readInt32());
        case INT64 -> new BsonInt64(reader.readInt64());
        case DOUBLE -> new BsonDouble(reader.readDouble());
        case STRING -> new BsonString(reader.readString());
        case OBJECT_ID -> new BsonObjectId(reader.readObjectId());
        case BINARY -> reader.readBinaryData();
        default -> null;
      };
    } catch (RuntimeException e) {
      return null; // the head ends inside the _id
    }
  }

  /** Counts an {@code _id} {@link #idInHead} found. */
  void acceptHeadId(BsonValue id) {
    count(Objects.requireNonNull(id, "id"));
  }

  /**
   * Counts the document's {@code _id} when it can be read, decoding nothing else of the document (its
   * other fields are skipped by their sizes). Meant for documents of a stream read
   * {@link DocumentStream#withoutDecodeCheck() without a decode check}: a document whose {@code _id}
   * cannot be read is not counted (and returns false); one that is bad elsewhere is counted, and rejected
   * by the load pass.
   *
   * @return whether the {@code _id} (or its absence) was counted
   */
  public boolean acceptIdOnly(DumpDocument document) {
    try {
      accept(document);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Reads the whole collection once and detects its {@code _id} type, reading only each document's
   * {@code _id} (see {@link #acceptIdOnly}): a document whose {@code _id} cannot be read is not counted.
   * A document that is bad elsewhere is counted; the load pass, which decodes it, rejects it.
   *
   * @throws DumpFormatException when the framing of the collection is lost, or under {@link ReadPolicy#ABORT}
   *                             at a document whose {@code _id} cannot be read
   */
  public static IdDetection detect(DumpCollection collection, ReadPolicy policy) throws IOException {
    IdTypeDetector detector = new IdTypeDetector();
    try (DocumentStream documents = collection.open(policy)) {
      DumpDocument document = documents.countIds(detector, () -> false);
      if (document != null) {
        String problem = BsonWalker.decodingProblem(document.bytes());
        throw new DumpFormatException(new Rejection(document.source(), document.offset(), document.index(),
            document.length(), problem != null ? problem : "undecodable _id", document.bytes()));
      }
    }
    return detector.result();
  }

  /** How many documents were counted so far, with an {@code _id} or without. */
  public long counted() {
    return counted;
  }

  /** The choice for what was seen so far. */
  public IdDetection result() {
    Set<String> seen = kinds.keySet();
    IdType type;
    IdTextForm form = IdTextForm.PLAIN;
    String how;
    if (seen.isEmpty()) {
      type = IdType.TEXT;
      how = "text (no _id seen; MongoDB's default _id is an ObjectId)";
    } else if (seen.equals(Set.of(IdKind.INT32))) {
      type = IdType.INTEGER;
      how = "integer";
    } else if (Set.of(IdKind.INT32, IdKind.INT64).containsAll(seen)) {
      type = IdType.BIGINT;
      how = "bigint";
    } else if (seen.equals(Set.of(IdKind.DOUBLE))) {
      type = IdType.DOUBLE;
      how = "double precision" + (doublesWhole ? " (all are whole numbers; a bigint column would hold them too)" : "");
    } else if (seen.equals(Set.of(IdKind.UUID))) {
      type = IdType.UUID;
      how = "uuid";
    } else if (seen.equals(Set.of(IdKind.STRING))) {
      type = IdType.TEXT;
      how = "text";
    } else if (seen.equals(Set.of(IdKind.OBJECT_ID))) {
      type = IdType.TEXT;
      how = "text (24 hex digits)";
    } else {
      type = IdType.TEXT;
      form = IdTextForm.EXTENDED_JSON;
      how = "text (relaxed Extended JSON of each _id)";
    }
    String counts = kinds.entrySet().stream().map(e -> e.getKey() + " (" + e.getValue() + ")")
        .collect(Collectors.joining(", "));
    String reason = (seen.isEmpty() ? "" : (seen.size() > 1 ? "mixed _id types: " : "_id type: ") + counts + " -> ") + how
        + (missing > 0 ? "; " + missing + " document(s) without _id will be rejected" : "");
    return new IdDetection(type, form, kinds, missing, reason);
  }
}
