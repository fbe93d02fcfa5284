package stress.mongolog;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.model.UsageException;

/**
 * Reads mongod's structured logs (MongoDB 4.4 and later: one JSON object a line) and plain-text logs (4.2 and
 * earlier, {@link TextLogLine}), plain, gzip-compressed or in a tar archive, and hands
 * each "Slow query" entry on. Every other line is counted ({@link LogTally}): start-up and other messages, and
 * damaged lines (not JSON), each named by file and line; a damaged line never stops the file. The profiler's
 * threshold is read where the log says it ("Profiler settings changed", the start-up options).
 */
final class LogReader {
  /** The id of the "Slow query" message in every 4.4+ log. */
  private static final int SLOW_QUERY = 51803;
  private static final int PROFILER_SETTINGS_CHANGED = 48742;
  private static final int OPTIONS_SET = 21951;

  private LogReader() {}

  /** Opens a log's bytes again from the start: a file, or a member of a tar archive held in memory. */
  interface Source {
    InputStream open() throws IOException;
  }

  /**
   * Reads one file: a log, its .gz, profiler documents (exported as JSON, or a dump's {@code system.profile.bson}),
   * or a tar archive (.tar, .tar.gz) of them, each member read as a file of its own named {@code archive::member}. A
   * plain-text log (MongoDB 4.2 and earlier) is read line by line ({@link TextLogLine}); a file that is none of these
   * is refused before any entry.
   */
  static void read(Path file, LogTally tally, Consumer<LogEntry> entries) {
    try {
      if (isTar(file)) {
        readTar(file, tally, entries);
        return;
      }
      read(file.toString(), () -> open(file), tally, entries);
    } catch (IOException e) {
      throw new UsageException("--from-log " + file + ": cannot read it: " + e.getMessage());
    }
  }

  private static void read(String name, Source source, LogTally tally, Consumer<LogEntry> entries)
      throws IOException {
    if (name.endsWith(".bson") || name.endsWith(".bson.gz")) {
      ProfileDocuments.readBson(name, source, tally, entries);
      return;
    }
    try (BufferedReader in = new BufferedReader(new InputStreamReader(source.open(), StandardCharsets.UTF_8))) {
      String line;
      long number = 0;
      boolean first = true;
      boolean plainText = false;
      while ((line = in.readLine()) != null) {
        number++;
        String text = line.strip();
        if (text.isEmpty()) {
          tally.otherLine();
          continue;
        }
        if (first && !text.startsWith("{")) {
          if (!TextLogLine.is(text)) {
            throw new UsageException("--from-log " + name + ":" + number + ": neither a mongod log nor profiler"
                + " documents; read are the structured JSON logs of MongoDB 4.4 and later (one JSON object a line),"
                + " the plain-text logs of MongoDB 4.2 and earlier (lines starting with an ISO-8601 time, a severity,"
                + " a component and [context]) and profiler documents (system.profile exported as JSON, or as a"
                + " dump's .bson)");
          }
          plainText = true;
        }
        if (first && "{".equals(text)) { // pretty-printed JSON: profiler documents, not log lines
          ProfileDocuments.read(name, source, tally, entries);
          return;
        }
        first = false;
        if (plainText) {
          TextLogLine.read(name + ":" + number, text, tally, entries);
        } else {
          line(name + ":" + number, text, tally, entries);
        }
      }
    }
  }

  /** True when the file's (gunzipped) bytes are a tar archive: "ustar" at offset 257 of its first header. */
  private static boolean isTar(Path file) throws IOException {
    try (InputStream in = open(file)) {
      byte[] header = in.readNBytes(TarConstants.DEFAULT_RCDSIZE);
      return header.length == TarConstants.DEFAULT_RCDSIZE
          && new String(header, 257, 5, StandardCharsets.US_ASCII).equals("ustar");
    }
  }

  /** Each regular member of the archive, in the archive's order, as a log of its own. */
  private static void readTar(Path file, LogTally tally, Consumer<LogEntry> entries) throws IOException {
    try (TarArchiveInputStream tar = new TarArchiveInputStream(open(file))) {
      TarArchiveEntry member;
      while ((member = tar.getNextEntry()) != null) {
        if (!member.isFile()) {
          continue;
        }
        byte[] bytes = tar.readAllBytes();
        read(file + "::" + member.getName(), () -> gunzipped(new ByteArrayInputStream(bytes)), tally, entries);
      }
    }
  }

  /** The file's bytes, gunzipped when they start with gzip's magic number (whatever the file's name). */
  static InputStream open(Path file) throws IOException {
    return gunzipped(Files.newInputStream(file));
  }

  private static InputStream gunzipped(InputStream raw) throws IOException {
    PushbackInputStream in = new PushbackInputStream(raw, 2);
    byte[] magic = new byte[2];
    int n = in.readNBytes(magic, 0, 2);
    in.unread(magic, 0, n);
    return n == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b ? new GZIPInputStream(in, 1 << 16) : in;
  }

  static void line(String where, String text, LogTally tally, Consumer<LogEntry> entries) {
    BsonDocument doc;
    try {
      doc = BsonDocument.parse(text);
    } catch (RuntimeException e) {
      tally.damaged(where, "not a JSON object: " + firstLine(e.getMessage()));
      return;
    }
    int id = doc.isNumber("id") ? doc.getNumber("id").intValue() : -1;
    BsonDocument attr = doc.isDocument("attr") ? doc.getDocument("attr") : new BsonDocument();
    if (id == PROFILER_SETTINGS_CHANGED && attr.isDocument("to")) {
      tally.profiler(where, attr.getDocument("to"));
    } else if (id == OPTIONS_SET) {
      BsonValue profiling = attr.isDocument("options") ? attr.getDocument("options").get("operationProfiling") : null;
      if (profiling != null && profiling.isDocument()) {
        tally.startupProfiling(where, profiling.asDocument());
      }
    }
    if (id != SLOW_QUERY) {
      tally.otherLine();
      return;
    }
    BsonValue command = attr.get("command");
    boolean truncated = doc.containsKey("truncated")
        || command != null && command.isDocument() && command.asDocument().containsKey("$truncated");
    if (command == null || !command.isDocument()) {
      command = new BsonDocument();
    }
    BsonValue originating = attr.get("originatingCommand");
    entries.accept(new LogEntry(where, time(doc), string(attr, "ns"), string(attr, "type"), command.asDocument(),
        originating != null && originating.isDocument() ? originating.asDocument() : null, string(attr, "appName"),
        attr.isNumber("durationMillis") ? attr.getNumber("durationMillis").doubleValue() : 0,
        attr.isString("planSummary") ? attr.getString("planSummary").getValue() : null, number(attr, "docsExamined"),
        number(attr, "keysExamined"), number(attr, "nreturned"), truncated, null, number(attr, "ninserted")));
  }

  private static Instant time(BsonDocument doc) {
    BsonValue t = doc.get("t");
    if (t != null && t.isDocument() && t.asDocument().isDateTime("$date")) {
      return Instant.ofEpochMilli(t.asDocument().getDateTime("$date").getValue());
    }
    return t != null && t.isDateTime() ? Instant.ofEpochMilli(t.asDateTime().getValue()) : null;
  }

  private static String string(BsonDocument attr, String key) {
    return attr.isString(key) ? attr.getString(key).getValue() : "";
  }

  /** A count of the entry ({@code docsExamined}, ...), -1 when not logged. */
  static long number(BsonDocument attr, String key) {
    return attr.isNumber(key) ? attr.getNumber(key).longValue() : -1;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "unreadable";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
