package stress.report;

import java.util.ArrayList;
import java.util.List;

/** Columns padded to their widest cell, two spaces apart, numbers right-aligned. */
final class TextTable {
  enum Align { LEFT, RIGHT }

  private final List<String> headers;
  private final List<Align> aligns;
  private final List<List<String>> rows = new ArrayList<>();

  TextTable(List<String> headers, List<Align> aligns) {
    if (headers.size() != aligns.size()) {
      throw new IllegalArgumentException(headers.size() + " headers but " + aligns.size() + " alignments");
    }
    this.headers = List.copyOf(headers);
    this.aligns = List.copyOf(aligns);
  }

  /**
   * Rows in blocks, one per phase in the rows' order: the phase's label on a line, then its table.
   *
   * @param table a new, empty table for each block
   */
  static <R> String perPhase(List<R> rows, java.util.function.Function<R, String> phase,
                             java.util.function.Supplier<TextTable> table,
                             java.util.function.Function<R, List<String>> cells) {
    StringBuilder out = new StringBuilder();
    String current = null;
    TextTable block = null;
    for (R row : rows) {
      if (!phase.apply(row).equals(current)) {
        if (block != null) {
          out.append(block.render());
        }
        current = phase.apply(row);
        out.append(current).append(":\n");
        block = table.get();
      }
      block.row(cells.apply(row));
    }
    if (block != null) {
      out.append(block.render());
    }
    return out.toString();
  }

  void row(List<String> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException("a row of " + cells.size() + " cells in a table of " + headers.size() + " columns");
    }
    rows.add(List.copyOf(cells));
  }

  /** The table, one line per row after the header, each ending with a newline; trailing blanks trimmed. */
  String render() {
    int[] widths = new int[headers.size()];
    for (int c = 0; c < widths.length; c++) {
      widths[c] = headers.get(c).length();
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, headers, widths);
    for (List<String> row : rows) {
      line(out, row, widths);
    }
    return out.toString();
  }

  private void line(StringBuilder out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        line.append("  ");
      }
      String cell = cells.get(c);
      String padding = " ".repeat(widths[c] - cell.length());
      line.append(aligns.get(c) == Align.RIGHT ? padding + cell : cell + padding);
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }
}
