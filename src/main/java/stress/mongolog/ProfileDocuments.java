package stress.mongolog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;
import stress.model.UsageException;

/**
 * Documents of MongoDB's profiler ({@code system.profile}) exported as JSON (canonical or relaxed Extended JSON, one
 * after the other, pretty-printed or not), read as the log's entries: {@code op} update and remove are statements,
 * the rest commands; {@code millis} is the duration.
 */
final class ProfileDocuments {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ProfileDocuments() {}

  static void read(Path file, LogTally tally, Consumer<LogEntry> entries) {
    try (InputStream in = LogReader.open(file);
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
          tally.damaged(file + ":" + line, "not a JSON document: " + e.getMessage().lines().findFirst().orElse(""));
          break; // the parser cannot find the next document after a broken one
        }
        entry(file + ":" + line, node, tally, entries);
      }
    } catch (IOException e) {
      throw new UsageException("--from-log " + file + ": cannot read it: " + e.getMessage());
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
        command.containsKey("$truncated")));
  }
}
