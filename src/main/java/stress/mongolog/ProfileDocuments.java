package stress.mongolog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import stress.dump.BsonDocumentReader;
import stress.dump.document.DumpDocument;
import stress.dump.DumpFormatException;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.document.Rejection;

/**
 * Documents of MongoDB's profiler ({@code system.profile}) exported as JSON (canonical or relaxed Extended JSON, one
 * after the other, pretty-printed or not) or dumped as BSON, read as the log's entries: {@code op} update and remove are statements,
 * the rest commands; {@code millis} is the duration.
 */
final class ProfileDocuments {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ProfileDocuments() {}

  static void read(String name, LogReader.Source source, LogTally tally, Consumer<LogEntry> entries)
      throws IOException {
    try (InputStream in = source.open();
         MappingIterator<JsonNode> docs = JSON.readerFor(JsonNode.class).readValues(in)) {
      while (true) {
        long line = docs.getCurrentLocation() == null ? 0 : docs.getCurrentLocation().getLineNr();
        JsonNode node;
        try {
          if (!docs.hasNextValue()) {
            break;
          }
          line = docs.getParser().currentTokenLocation().getLineNr();
          node = docs.nextValue();
        } catch (IOException | RuntimeException e) {
          tally.damaged(name + ":" + line, "not a JSON document: " + e.getMessage().lines().findFirst().orElse(""));
          break; // the parser cannot find the next document after a broken one
        }
        entry(name + ":" + line, node, tally, entries);
      }
    }
  }

  /**
   * A dump's {@code system.profile.bson} (mongodump writes it with {@code --db} and the profiler on): BSON documents
   * one after the other, framed and checked as import reads a dump, each named by its number in the file. A damaged
   * document ends the file (its length cannot be trusted to find the next one), and is named.
   */
  static void readBson(String name, LogReader.Source source, LogTally tally, Consumer<LogEntry> entries)
      throws IOException {
    try (BsonDocumentReader in = new BsonDocumentReader(source.open(), name, ReadPolicy.ABORT)) {
      ReadItem item;
      while ((item = in.next()) != null) {
        DumpDocument d = (DumpDocument) item; // ABORT: a document that cannot be read ends the stream instead
        entry(name + ": document " + (d.index() + 1), new RawBsonDocument(d.bytes()).decode(new BsonDocumentCodec()),
            tally, entries);
      }
    } catch (DumpFormatException e) {
      Rejection r = e.rejection().orElse(null);
      tally.damaged(r == null ? name : name + ": document " + (r.index() + 1),
          "not a BSON document: " + (r == null ? e.getMessage() : r.reason()));
    }
  }

  private static void entry(String where, JsonNode node, LogTally tally, Consumer<LogEntry> entries) {
    BsonDocument doc;
    try {
      doc = BsonDocument.parse(node.toString());
    } catch (RuntimeException e) {
      tally.damaged(where, "not MongoDB Extended JSON: " + e.getMessage());
      return;
    }
    entry(where, doc, tally, entries);
  }

  private static void entry(String where, BsonDocument doc, LogTally tally, Consumer<LogEntry> entries) {
    if (!doc.isString("op") || !doc.isString("ns")) {
      tally.otherLine();
      return;
    }
    String op = doc.getString("op").getValue();
    String ns = doc.getString("ns").getValue();
    BsonDocument command = doc.isDocument("command") ? doc.getDocument("command") : new BsonDocument();
    if ("insert".equals(op) && !command.containsKey("insert")) {
      int dot = ns.indexOf('.');
      command = new BsonDocument("insert", new BsonString(dot < 0 ? ns : ns.substring(dot + 1)));
    }
    String type = "update".equals(op) || "remove".equals(op) ? op : "command";
    BsonValue ts = doc.get("ts");
    Instant time = ts != null && ts.isDateTime() ? Instant.ofEpochMilli(ts.asDateTime().getValue()) : null;
    BsonValue originating = doc.get("originatingCommand");
    entries.accept(new LogEntry(where, time, ns, type, command,
        originating != null && originating.isDocument() ? originating.asDocument() : null,
        doc.isString("appName") ? doc.getString("appName").getValue() : "",
        doc.isNumber("millis") ? doc.getNumber("millis").doubleValue() : 0,
        doc.isString("planSummary") ? doc.getString("planSummary").getValue() : null,
        LogReader.number(doc, "docsExamined"), LogReader.number(doc, "keysExamined"), LogReader.number(doc, "nreturned"),
        command.containsKey("$truncated"), null, LogReader.number(doc, "ninserted")));
  }
}
