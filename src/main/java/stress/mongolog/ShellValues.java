package stress.mongolog;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;

/**
 * The documents of a plain-text mongod log (MongoDB 4.2 and earlier), written in the shell's relaxed syntax
 * ({@code { find: "c", filter: { _id: ObjectId('5c03...') } }}), read by bson's {@link JsonReader}, which reads that
 * syntax (unquoted keys, {@code ObjectId(...)}, {@code new Date(...)}, {@code Timestamp(...)}, {@code /regex/i}, ...).
 * Before it reads them, a small pass finds where the document ends and rewrites the two things the log writes that
 * the reader does not take: keys with a dot or another character outside {@code [A-Za-z0-9_$]} (quoted) and
 * {@code BinData(0, 00FF...)}, whose bytes the log writes in hex (written as {@code HexData(0, "00FF...")}). The
 * pass does not read values; whatever the reader refuses is refused with its message.
 */
final class ShellValues {
  /** MongoDB's mark of a value it cut to fit the log line. */
  static final String ELLIPSIS = "...";
  private static final Pattern HEX_BIN_DATA = Pattern.compile("BinData\\((\\d+), ([0-9A-Fa-f]*)(\\.\\.\\.)?\\)");

  /**
   * One document of a line.
   *
   * @param document the document, or null when it could not be read
   * @param end      the index in the line after its closing brace (or the line's length when it has none)
   * @param problem  why it could not be read, or null
   * @param cut      true when MongoDB cut it ({@value #ELLIPSIS} where a value or key should be)
   */
  record Read(BsonDocument document, int end, String problem, boolean cut) {}

  private ShellValues() {}

  /** The document that starts at {@code line.charAt(start)}, which must be '{'. */
  static Read document(String line, int start) {
    StringBuilder json = new StringBuilder();
    Deque<Character> open = new ArrayDeque<>();
    boolean expectKey = false;
    boolean cut = false;
    int i = start;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '"' || c == '\'') {
        int close = stringEnd(line, i);
        json.append(line, i, close);
        i = close;
        expectKey = false;
        continue;
      }
      if (line.startsWith(ELLIPSIS, i)) {
        cut = true;
        json.append(ELLIPSIS);
        i += ELLIPSIS.length();
        continue;
      }
      if (expectKey && !Character.isWhitespace(c) && c != '}') {
        int colon = line.indexOf(':', i);
        String key = colon < 0 ? line.substring(i) : line.substring(i, colon);
        cut |= key.contains(ELLIPSIS);
        json.append(key.matches("[A-Za-z0-9_$]+") ? key : '"' + key.replace("\\", "\\\\").replace("\"", "\\\"") + '"');
        i = colon < 0 ? line.length() : colon;
        expectKey = false;
        continue;
      }
      if (c == '/' && valueStart(json)) { // a regular expression literal: its text may hold brackets
        int close = regexEnd(line, i);
        json.append(line, i, close);
        i = close;
        continue;
      }
      if (c == 'B' && line.startsWith("BinData(", i)) {
        Matcher m = HEX_BIN_DATA.matcher(line).region(i, line.length());
        if (m.lookingAt()) {
          cut |= m.group(3) != null;
          json.append("HexData(").append(m.group(1)).append(", \"").append(m.group(2)).append("\")");
          i = m.end();
          continue;
        }
      }
      json.append(c);
      i++;
      if (c == '{' || c == '[' || c == '(') { // a constructor's arguments: ObjectId('...'), Timestamp(1, 2)
        open.push(c);
        expectKey = c == '{';
      } else if (c == '}' || c == ']' || c == ')') {
        open.poll();
        if (open.isEmpty()) {
          break;
        }
      } else if (c == ',') {
        expectKey = !open.isEmpty() && open.peek() == '{';
      }
    }
    if (cut) {
      return new Read(null, i, "MongoDB cut a value to fit the log line (" + ELLIPSIS + ")", true);
    }
    try {
      JsonReader reader = new JsonReader(json.toString());
      return new Read(new BsonDocumentCodec().decode(reader, DecoderContext.builder().build()), i, null, false);
    } catch (JsonParseException | org.bson.BsonInvalidOperationException e) {
      return new Read(null, i, e.getMessage(), false);
    }
  }

  /** The index after the string literal that opens at {@code start} (its quote, ' or "), backslash escapes kept. */
  static int stringEnd(String line, int start) {
    char quote = line.charAt(start);
    int i = start + 1;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == quote) {
        return i + 1;
      } else {
        i++;
      }
    }
    return line.length();
  }

  private static int regexEnd(String line, int start) {
    int i = start + 1;
    while (i < line.length() && line.charAt(i) != '/') {
      i += line.charAt(i) == '\\' ? 2 : 1;
    }
    i++;
    while (i < line.length() && Character.isLetter(line.charAt(i))) { // flags
      i++;
    }
    return Math.min(i, line.length());
  }

  /** True when the text so far ends where a value starts: after ':', '[' or ','. */
  private static boolean valueStart(CharSequence json) {
    for (int k = json.length() - 1; k >= 0; k--) {
      char c = json.charAt(k);
      if (!Character.isWhitespace(c)) {
        return c == ':' || c == '[' || c == ',';
      }
    }
    return false;
  }
}
