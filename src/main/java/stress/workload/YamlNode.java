package stress.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML value with the line it starts on, read with Jackson's streaming parser: Jackson's own tree keeps
 * no locations, and every error about a workload file must name its line.
 *
 * @param line   1-based line of the value (of the key, for a map entry's value)
 * @param scalar the token of a scalar (VALUE_STRING, VALUE_NUMBER_INT, ...), or null for a map or list
 * @param text   a scalar's text
 * @param map    a map's entries in file order, or null
 * @param list   a list's items, or null
 */
record YamlNode(int line, JsonToken scalar, String text, Map<String, YamlNode> map, List<YamlNode> list) {

  /** Reads the value at the parser's current token (already advanced to it). */
  static YamlNode read(JsonParser p) throws IOException {
    int line = p.currentTokenLocation().getLineNr();
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      Map<String, YamlNode> map = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        int keyLine = p.currentTokenLocation().getLineNr();
        p.nextToken();
        YamlNode value = read(p);
        if (map.put(key, value.atLine(Math.min(keyLine, value.line))) != null) {
          throw new WorkloadFileException(keyLine, "key '" + key + "' is given twice");
        }
      }
      return new YamlNode(line, null, null, map, null);
    }
    if (t == JsonToken.START_ARRAY) {
      List<YamlNode> list = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        list.add(read(p));
      }
      return new YamlNode(line, null, null, null, list);
    }
    return new YamlNode(line, t, t == JsonToken.VALUE_NULL ? null : p.getText(), null, null);
  }

  private YamlNode atLine(int newLine) {
    return new YamlNode(newLine, scalar, text, map, list);
  }

  boolean isMap() {
    return map != null;
  }

  /** The line of the first map key {@code key} in this value (depth first, in file order), or this value's line. */
  int lineOfKey(String key) {
    if (map != null) {
      for (Map.Entry<String, YamlNode> e : map.entrySet()) {
        if (e.getKey().equals(key)) {
          return e.getValue().line;
        }
        if (e.getValue().containsKey(key)) {
          return e.getValue().lineOfKey(key);
        }
      }
    }
    if (list != null) {
      for (YamlNode item : list) {
        if (item.containsKey(key)) {
          return item.lineOfKey(key);
        }
      }
    }
    return line;
  }

  private boolean containsKey(String key) {
    if (map != null) {
      return map.containsKey(key) || map.values().stream().anyMatch(v -> v.containsKey(key));
    }
    return list != null && list.stream().anyMatch(v -> v.containsKey(key));
  }

  boolean isList() {
    return list != null;
  }

  boolean isNumber() {
    return scalar == JsonToken.VALUE_NUMBER_INT || scalar == JsonToken.VALUE_NUMBER_FLOAT;
  }

  boolean isWholeNumber() {
    return scalar == JsonToken.VALUE_NUMBER_INT;
  }

  /** The value as JSON text (for MongoDB-style documents, read by org.bson's Extended JSON reader). */
  String toJson() {
    StringBuilder b = new StringBuilder();
    appendJson(b);
    return b.toString();
  }

  private void appendJson(StringBuilder b) {
    if (map != null) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<String, YamlNode> e : map.entrySet()) {
        b.append(first ? "" : ",").append(quoted(e.getKey())).append(':');
        e.getValue().appendJson(b);
        first = false;
      }
      b.append('}');
    } else if (list != null) {
      b.append('[');
      for (int i = 0; i < list.size(); i++) {
        b.append(i == 0 ? "" : ",");
        list.get(i).appendJson(b);
      }
      b.append(']');
    } else if (scalar == JsonToken.VALUE_NULL) {
      b.append("null");
    } else if (isNumber() || scalar == JsonToken.VALUE_TRUE || scalar == JsonToken.VALUE_FALSE) {
      b.append(text);
    } else {
      b.append(quoted(text));
    }
  }

  /** The value as YAML's flow style writes it, for messages: {@code {int: [1, 10]}}, {@code key}. */
  String toFlow() {
    if (map != null) {
      StringBuilder b = new StringBuilder("{");
      map.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append(k).append(": ").append(v.toFlow()));
      return b.append('}').toString();
    }
    if (list != null) {
      return "[" + String.join(", ", list.stream().map(YamlNode::toFlow).toList()) + "]";
    }
    boolean quote = scalar == JsonToken.VALUE_STRING && (text.isEmpty()
        || text.matches(".*[,:\\[\\]{}#'\"].*|\\s.*|.*\\s|[-+.0-9].*|(?i)true|false|null|yes|no|on|off|~"));
    return quote ? "'" + text.replace("'", "''") + "'" : String.valueOf(text);
  }

  private static String quoted(String s) {
    return "\"" + new String(com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(s)) + "\"";
  }
}
