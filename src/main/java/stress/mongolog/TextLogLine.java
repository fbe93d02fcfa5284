package stress.mongolog;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * One line of a plain-text mongod log (MongoDB 4.2 and earlier; read and tested on 3.6 and 4.0): {@code <time> <severity>
 * <component> [<context>] <message>}. The entries are the operations MongoDB reports when they are slow,
 * {@code <op> <ns> [appName: "..."] command: [<name>] { ... } [originatingCommand: { ... }] [planSummary: ...]
 * keysExamined:1 docsExamined:1 ... nreturned:1 ... <n>ms}, with op {@code command}, {@code query}, {@code getmore},
 * {@code insert}, {@code update} or {@code remove}; they become the same {@link LogEntry}s as a structured log's
 * "Slow query" lines. An entry whose documents cannot be read is handed on with the reason; an entry MongoDB cut to
 * fit its line (its warning "log line attempted (...) over max size", or {@value ShellValues#ELLIPSIS} for a value)
 * is handed on as truncated. Every other line is counted; the start-up options and a {@code profile} command that
 * sets {@code slowms} give the profiler's threshold.
 */
final class TextLogLine {
  private static final Pattern LINE = Pattern.compile(
      "(\\S+)\\s+(?:[FEWI]|D\\d?)\\s+(\\S+)\\s+\\[([^\\]]*)\\]\\s(.*)");
  private static final Pattern OPERATION = Pattern.compile(
      "(command|query|getmore|insert|update|remove|killcursors) (\\S+)(.*) (\\d+)ms");
  private static final Pattern COUNTER = Pattern.compile("(?<=\\s)(keysExamined|docsExamined|nreturned):(\\d+)");
  /** The end of the plan summary: the next {@code name:value} counter, or the duration. */
  private static final Pattern AFTER_PLAN = Pattern.compile(" [A-Za-z]+:\\S| \\d+ms$");
  private static final String CUT_LINE = "warning: log line attempted (";
  private static final DateTimeFormatter ISO_OFFSET = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXX");

  private TextLogLine() {}

  /** True when the line has a plain-text log line's head: a time, a severity, a component and a [context]. */
  static boolean is(String line) {
    Matcher m = LINE.matcher(line);
    return m.matches() && time(m.group(1)) != null;
  }

  static void read(String where, String line, LogTally tally, Consumer<LogEntry> entries) {
    Matcher head = LINE.matcher(line);
    if (!head.matches()) {
      tally.otherLine(); // a line of a message written over several lines
      return;
    }
    String message = head.group(4);
    boolean cutLine = message.startsWith(CUT_LINE);
    if (cutLine) {
      int start = message.indexOf(" ... ");
      message = start < 0 ? message : message.substring(start + " ... ".length());
    }
    if ("CONTROL".equals(head.group(2)) && message.startsWith("options: {")) {
      startupOptions(where, message, tally);
    }
    Matcher op = OPERATION.matcher(message);
    if (!op.matches()) {
      tally.otherLine();
      return;
    }
    String kind = op.group(1);
    String ns = op.group(2);
    String rest = op.group(3);
    double millis = Double.parseDouble(op.group(4));
    Instant time = time(head.group(1));
    String app = "";
    int at = 0;
    if (rest.startsWith(" appName: \"")) {
      int close = ShellValues.stringEnd(rest, " appName: ".length());
      app = appName(rest.substring(" appName: ".length(), close));
      at = close;
    }
    String type = "update".equals(kind) || "remove".equals(kind) ? kind : "command";
    if (cutLine) {
      Matcher name = Pattern.compile(" command: (\\w+) ").matcher(rest);
      entries.accept(new LogEntry(where, time, ns, type,
          new BsonDocument(name.find() ? name.group(1) : kind, new BsonString("")), null, app, millis, null, -1, -1,
          -1, true, null));
      return;
    }
    BsonDocument command = new BsonDocument();
    BsonDocument originating = null;
    String unreadable = null;
    boolean cut = false;
    int commandAt = rest.indexOf(" command: ", at);
    if (commandAt >= 0) {
      int open = rest.indexOf('{', commandAt);
      String name = open < 0 ? "" : rest.substring(commandAt + " command: ".length(), open).strip();
      ShellValues.Read read = open < 0 ? new ShellValues.Read(null, rest.length(), "no document", false)
          : ShellValues.document(rest, open);
      cut = read.cut();
      if (read.document() != null) {
        command = read.document();
      } else if (!cut) {
        unreadable = (name.isEmpty() ? kind : name) + ": " + read.problem();
      }
      if (command.isEmpty() && !name.isEmpty()) {
        command = new BsonDocument(name, new BsonString(""));
      }
      at = read.end();
      if (rest.startsWith(" originatingCommand: {", at)) {
        ShellValues.Read o = ShellValues.document(rest, at + " originatingCommand: ".length());
        cut |= o.cut();
        originating = o.document();
        at = o.end();
      }
    }
    if ("insert".equals(kind)) { // a legacy insert reports the inserted document, not a command
      command = new BsonDocument("insert", new BsonString(ns.substring(ns.indexOf('.') + 1)));
    }
    if (command.isString("profile") || command.isNumber("profile")) {
      profile(where, command, tally);
    }
    String plan = planSummary(rest, at);
    entries.accept(new LogEntry(where, time, ns, type, command, originating, app, millis, plan,
        counter(rest, at, "docsExamined"), counter(rest, at, "keysExamined"), counter(rest, at, "nreturned"), cut,
        unreadable, counter(rest, at, "ninserted")));
  }

  private static String planSummary(String rest, int from) {
    int at = rest.indexOf(" planSummary: ", from);
    if (at < 0) {
      return null;
    }
    int start = at + " planSummary: ".length();
    Matcher end = AFTER_PLAN.matcher(rest).region(start, rest.length());
    return (end.find() ? rest.substring(start, end.start()) : rest.substring(start)).strip();
  }

  private static long counter(String rest, int from, String name) {
    Matcher m = COUNTER.matcher(rest).region(from, rest.length());
    while (m.find()) {
      if (m.group(1).equals(name)) {
        return Long.parseLong(m.group(2));
      }
    }
    return -1;
  }

  /** A profile command that sets the threshold: {@code { profile: 0, slowms: 100 }}. */
  private static void profile(String where, BsonDocument command, LogTally tally) {
    if (command.containsKey("slowms")) {
      BsonDocument to = new BsonDocument("slowms", command.get("slowms"));
      BsonValue rate = command.get("sampleRate");
      if (rate != null) {
        to.put("sampleRate", rate);
      }
      tally.profiler(where, to);
    }
  }

  private static void startupOptions(String where, String message, LogTally tally) {
    ShellValues.Read options = ShellValues.document(message, "options: ".length());
    if (options.document() != null && options.document().isDocument("operationProfiling")) {
      tally.startupProfiling(where, options.document().getDocument("operationProfiling"));
    }
  }

  private static String appName(String quoted) {
    ShellValues.Read read = ShellValues.document("{a: " + quoted + "}", 0);
    return read.document() != null && read.document().isString("a") ? read.document().getString("a").getValue()
        : quoted;
  }

  /** The line's time: ISO-8601 with an offset ({@code iso8601-local}, {@code iso8601-utc}); null otherwise. */
  private static Instant time(String text) {
    try {
      return OffsetDateTime.parse(text, ISO_OFFSET).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
