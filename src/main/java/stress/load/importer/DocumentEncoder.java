package stress.load.importer;

import stress.dump.bson.CopyFieldJson;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.Rejection;
import stress.load.ByteSlab;
import stress.load.CopyTextWriter;
import stress.load.EncodedRow;
import stress.dump.KeyPath;
import stress.table.Layout;

/**
 * Turns a document into its COPY row in one pass over its BSON bytes: org.bson's reader decodes it (which is also
 * its check) while the JSON writer writes straight into COPY text form. Not thread-safe: one per reader thread.
 */
final class DocumentEncoder {
  private final DocumentConverter converter;
  private final CopyFieldJson json = new CopyFieldJson(16 * 1024);
  /** For the documents {@link CopyFieldJson} leaves to org.bson's writer. */
  private final CopyTextWriter text = new CopyTextWriter(16 * 1024);
  private String repeatedFields;
  /** The table's layout: with a key, each row carries the value at its path. */
  private final Layout layout;
  private final KeyPath key;

  DocumentEncoder(DocumentConverter converter) {
    this(converter, Layout.ID);
  }

  DocumentEncoder(DocumentConverter converter, Layout layout) {
    this.converter = converter;
    this.layout = layout;
    this.key = layout.keyed() ? new KeyPath(layout.path()) : null;
  }

  /**
   * The document's row, its text copied into {@code rows}.
   *
   * @throws stress.dump.document.UndecodableDocumentException when the bytes do not decode
   * @throws DocumentRejectedException                when it cannot become a row (no {@code _id}, NUL, ...)
   */
  EncodedRow encode(DumpDocument document, ByteSlab rows) throws DocumentRejectedException {
    json.reset();
    repeatedFields = null;
    DocumentConverter.Written written;
    boolean byOrgBson;
    try {
      written = converter.writeCopyField(document, json);
      byOrgBson = written == null;
      if (byOrgBson) {
        text.reset();
        written = converter.writeRow(document, text);
      }
    } catch (IllegalArgumentException e) {
      // the COPY text refuses what PostgreSQL cannot store; org.bson's strict decoding makes this a safety net
      throw new DocumentRejectedException(new Rejection(document.source(), document.offset(),
          document.index(), document.length(), e.getMessage(), document.bytes()));
    }
    repeatedFields = written.repeatedFields();
    String keyText = key == null ? null : keyText(document);
    int at = byOrgBson ? text.copyTo(rows) : rows.add(json.array(), 0, json.length());
    int length = byOrgBson ? text.length() : json.length();
    return new EncodedRow(IdConverter.text(written.id()), rows.array(), at, length, keyText);
  }

  /** The key column's text of a document that decoded, or its rejection with the reason. */
  private String keyText(DumpDocument document) throws DocumentRejectedException {
    String problem;
    try {
      String value = key.text(key.value(document.bytes()), layout.type());
      if (value != null || !layout.keyInPrimaryKey()) {
        return value;
      }
      problem = "no value at the distribution path " + layout.path() + ": the key is part of the primary key ("
          + layout.path() + ", _id) on this target, which holds no null";
    } catch (KeyPath.Refused e) {
      problem = e.getMessage();
    }
    throw new DocumentRejectedException(new Rejection(document.source(), document.offset(), document.index(),
        document.length(), problem, document.bytes()));
  }

  /** For the document last encoded: null, or which field name was repeated and which value was loaded. */
  String repeatedFields() {
    return repeatedFields;
  }
}
