package stress.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads psql's aligned table output from captured fixture transcripts. psql prints NULL and the empty
 * string alike, as an empty cell; both come back as null here.
 */
final class PsqlOutput {
  private static final Pattern SEPARATOR = Pattern.compile("-+(\\+-+)*");
  private static final Pattern ROW_COUNT = Pattern.compile("\\(\\d+ rows?\\)");

  private PsqlOutput() {}

  /** A fixture file from src/test/resources/fixtures. */
  static String fixture(String path) {
    try (InputStream in = PsqlOutput.class.getResourceAsStream("/fixtures/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text from the first occurrence of {@code start} up to {@code end} (or the end of the text). */
  static String section(String text, String start, String end) {
    int from = text.indexOf(start);
    if (from < 0) {
      throw new IllegalArgumentException("marker not found: " + start);
    }
    int to = end == null ? -1 : text.indexOf(end, from + start.length());
    return text.substring(from, to < 0 ? text.length() : to);
  }

  /** The first table after the first occurrence of {@code marker}. */
  static List<Map<String, String>> tableAfter(String text, String marker) {
    int at = text.indexOf(marker);
    if (at < 0) {
      throw new IllegalArgumentException("marker not found: " + marker);
    }
    return firstTable(text.substring(at));
  }

  /** The only row of the first table after {@code marker}. */
  static Map<String, String> rowAfter(String text, String marker) {
    List<Map<String, String>> rows = tableAfter(text, marker);
    if (rows.size() != 1) {
      throw new IllegalArgumentException("expected one row after " + marker + ", got " + rows.size());
    }
    return rows.get(0);
  }

  /** The first aligned table in the text: header line, dashed separator, rows, "(n rows)". */
  static List<Map<String, String>> firstTable(String text) {
    String[] lines = text.split("\n", -1);
    for (int i = 1; i < lines.length; i++) {
      if (SEPARATOR.matcher(lines[i]).matches()) {
        return table(lines, i);
      }
    }
    throw new IllegalArgumentException("no psql table in text starting " + text.substring(0, Math.min(80, text.length())));
  }

  private static List<Map<String, String>> table(String[] lines, int separatorLine) {
    String separator = lines[separatorLine];
    List<int[]> columns = new ArrayList<>();
    int start = 0;
    for (int p = separator.indexOf('+'); p >= 0; p = separator.indexOf('+', p + 1)) {
      columns.add(new int[] {start, p});
      start = p + 1;
    }
    columns.add(new int[] {start, Integer.MAX_VALUE});
    List<String> names = new ArrayList<>();
    for (int[] c : columns) {
      names.add(cell(lines[separatorLine - 1], c));
    }
    List<Map<String, String>> rows = new ArrayList<>();
    for (int i = separatorLine + 1; i < lines.length && !ROW_COUNT.matcher(lines[i].strip()).matches(); i++) {
      Map<String, String> row = new LinkedHashMap<>();
      for (int c = 0; c < columns.size(); c++) {
        String value = cell(lines[i], columns.get(c));
        row.put(names.get(c), value.isEmpty() ? null : value);
      }
      rows.add(row);
    }
    return rows;
  }

  private static String cell(String line, int[] range) {
    int from = Math.min(range[0], line.length());
    int to = Math.min(range[1], line.length());
    return line.substring(from, to).strip();
  }

  /** psql's boolean output. */
  static boolean bool(String value) {
    if ("t".equals(value)) {
      return true;
    }
    if ("f".equals(value)) {
      return false;
    }
    throw new IllegalArgumentException("not a psql boolean: " + value);
  }

  /** A text[] literal as psql prints it ({a,b} or {""}), unquoted; empty cell gives an empty list. */
  static List<String> textArray(String value) {
    if (value == null) {
      return List.of();
    }
    if (!value.startsWith("{") || !value.endsWith("}")) {
      throw new IllegalArgumentException("not an array literal: " + value);
    }
    String body = value.substring(1, value.length() - 1);
    List<String> items = new ArrayList<>();
    if (body.isEmpty()) {
      return items;
    }
    for (String item : body.split(",", -1)) {
      items.add(item.startsWith("\"") && item.endsWith("\"") && item.length() >= 2
          ? item.substring(1, item.length() - 1) : item);
    }
    return items;
  }
}
