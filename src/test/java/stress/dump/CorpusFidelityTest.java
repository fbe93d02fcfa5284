package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.util.Map;
import java.util.TreeMap;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;
import stress.dump.bson.JsonFormat;
import stress.dump.bson.RepeatedFields;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.table.IdType;

/**
 * Every document of every readable corpus file under each {@code --repeated-fields} policy: a document is refused
 * for a repeated name by the default exactly when {@code last} and {@code first} load it with a note, and every other
 * document converts to the same text under all three. Also counts the documents whose doubles org.bson's default
 * ({@code Double.toString}) would write with other digits than {@link DoubleText}. Skipped, saying where it looked,
 * when the corpus ({@code ../shared/datasets/mongodump}) is absent.
 */
class CorpusFidelityTest {
  private static final JsonWriterSettings ORG_BSON_RELAXED = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED)
      .build();

  @Test
  void everyCorpusDocumentIsConvertedTheSameOrListedUnderEachPolicy() throws Exception {
    Corpus.root();
    DocumentConverter reject = converter(RepeatedFields.REJECT);
    DocumentConverter last = converter(RepeatedFields.LAST);
    DocumentConverter first = converter(RepeatedFields.FIRST);
    long documents = 0;
    long repeated = 0;
    long otherDigits = 0;
    Map<String, Long> otherDigitsByFile = new TreeMap<>();
    for (Corpus.Row row : Corpus.rows()) {
      if (!Corpus.isBson(row.file()) || row.isError() || row.docs() == null || row.docs() == 0) {
        continue;
      }
      for (DumpDocument document : Corpus.readAll(BsonDocumentReader.open(Corpus.file(row.file()), ReadPolicy.SKIP))
          .documents()) {
        documents++;
        String refusal = null;
        StringWriter rejectText = new StringWriter();
        try {
          reject.writeRow(document, rejectText);
        } catch (DocumentRejectedException e) {
          refusal = e.rejection().reason();
        }
        StringWriter lastText = new StringWriter();
        StringWriter firstText = new StringWriter();
        DocumentConverter.Written lastRow = written(last, document, lastText);
        DocumentConverter.Written firstRow = written(first, document, firstText);
        String where = row.file() + " #" + document.index();
        if (refusal != null && refusal.contains("appears more than once")) {
          repeated++;
          assertNotNull(lastRow, where + ": last loads it");
          assertNotNull(lastRow.repeatedFields(), where);
          assertNotNull(firstRow.repeatedFields(), where);
        } else if (refusal == null) {
          assertNull(lastRow.repeatedFields(), where);
          assertEquals(rejectText.toString(), lastText.toString(), where);
          assertEquals(rejectText.toString(), firstText.toString(), where);
          if (!rejectText.toString().equals(new RawBsonDocument(document.bytes()).toJson(ORG_BSON_RELAXED))) {
            otherDigits++;
            otherDigitsByFile.merge(row.file(), 1L, Long::sum);
          }
        }
      }
    }
    assertTrue(documents > 1000, "read " + documents + " documents");
    System.out.printf("CorpusFidelityTest: %d documents, %d with a repeated field name, %d whose relaxed JSON differs"
        + " from org.bson's default (doubles' digits under this JDK %s): %s%n", documents, repeated, otherDigits,
        System.getProperty("java.version"), otherDigitsByFile);
  }

  private static DocumentConverter converter(RepeatedFields policy) {
    return new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.EXTENDED_JSON), policy);
  }

  /** The row, or null when the document is refused for another reason (no _id, NUL, ...). */
  private static DocumentConverter.Written written(DocumentConverter converter, DumpDocument document,
                                                   StringWriter text) {
    try {
      return converter.writeRow(document, text);
    } catch (DocumentRejectedException e) {
      return null;
    }
  }
}
