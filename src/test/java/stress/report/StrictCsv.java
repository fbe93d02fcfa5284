package stress.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

/** Test helper: reads CSV text strictly by RFC 4180, failing on anything a spreadsheet could misread. */
public final class StrictCsv {
  private StrictCsv() {}

  /** A strict RFC 4180 reader, so the tests check what a spreadsheet would see. */
  public static List<List<String>> parse(String csv) {
    List<List<String>> records = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    int i = 0;
    boolean quoted = false;
    while (i < csv.length()) {
      char c = csv.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
          field.append('"');
          i += 2;
          continue;
        }
        if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
        i++;
      } else if (c == '"' && field.isEmpty()) {
        quoted = true;
        i++;
      } else if (c == ',') {
        record.add(field.toString());
        field.setLength(0);
        i++;
      } else if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
        record.add(field.toString());
        field.setLength(0);
        records.add(record);
        record = new ArrayList<>();
        i += 2;
      } else if (c == '"' || c == '\r' || c == '\n') {
        throw new AssertionError("not RFC 4180 at character " + i + ": " + csv.substring(Math.max(0, i - 20), i + 1));
      } else {
        field.append(c);
        i++;
      }
    }
    assertTrue(record.isEmpty() && field.isEmpty(), "the last record ends with CRLF");
    return records;
  }
}
