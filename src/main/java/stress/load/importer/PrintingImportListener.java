package stress.load.importer;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;
import stress.dump.DumpNotice;
import stress.dump.DumpSource;
import stress.dump.naming.Namespace;
import stress.load.TerminalBar;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.progress.ImportListener;
import stress.load.importer.progress.ImportProgress;
import stress.load.importer.progress.ImportResult;

/**
 * Prints an import for people: the scanner's notices, each collection's table and {@code _id} choice, problems at
 * once, progress, and a closing summary per collection with totals. On a terminal ({@link #withBar}) progress is a
 * bar redrawn in place: MB of BSON of the whole import when the file sizes tell it (else documents of the archives'
 * verified counts, else MB with no total), elapsed time, ETA, collections done, documents, docs/s and MB/s; the other
 * lines print above it. Otherwise (a file, a pipe, a CI log) progress is a plain line at most every interval. MB are
 * 10^6 bytes of BSON.
 */
public final class PrintingImportListener implements ImportListener, AutoCloseable {
  private static final long PLAIN_INTERVAL_NANOS = 2_000_000_000L;

  private final PrintStream out;
  private final LongSupplier nanoClock;
  private final long intervalNanos;
  /** Columns of the bar (0: the terminal's), or -1 for plain lines. */
  private final int barWidth;
  private TerminalBar bar;
  /** Whether the bar counts bytes (MB) rather than documents. */
  private boolean barInBytes;
  private long lastPrinted;

  /** Prints to {@code out}: a progress bar when {@code terminal}, plain lines otherwise. */
  public PrintingImportListener(PrintStream out, boolean terminal) {
    this(out, System::nanoTime, PLAIN_INTERVAL_NANOS, terminal ? 0 : -1);
  }

  /**
   * As above with a clock and progress interval of the caller's choosing for the plain lines (tests use a fake
   * clock); {@code terminal} draws a bar at the terminal's width instead.
   */
  public PrintingImportListener(PrintStream out, boolean terminal, LongSupplier nanoClock, long intervalNanos) {
    this(out, nanoClock, intervalNanos, terminal ? 0 : -1);
  }

  private PrintingImportListener(PrintStream out, LongSupplier nanoClock, long intervalNanos, int barWidth) {
    this.out = Objects.requireNonNull(out, "out");
    this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    this.intervalNanos = intervalNanos;
    this.barWidth = barWidth;
    this.lastPrinted = nanoClock.getAsLong();
  }

  /**
   * A progress bar on {@code out}, which should be a terminal.
   *
   * @param width columns to draw in, 0 for the terminal's width
   */
  public static PrintingImportListener withBar(PrintStream out, int width) {
    if (width < 0) {
      throw new IllegalArgumentException("progress bar width must be 0 (the terminal's) or more, got " + width);
    }
    return new PrintingImportListener(out, System::nanoTime, PLAIN_INTERVAL_NANOS, width);
  }

  @Override
  public synchronized void scanned(DumpSource source) {
    line("import: " + source.path() + " (" + source.format().name().toLowerCase(Locale.ROOT).replace('_', ' ') + "): "
        + stress.model.Plural.of(source.collections().size(), "collection") + " to import");
    for (DumpNotice notice : source.notices()) {
      line("notice: " + notice);
    }
  }

  @Override
  public synchronized void collectionStarted(Started s) {
    String how = s.complete() ? "; already imported by an earlier run (" + s.earlier() + " documents), nothing to do"
        : s.earlier() > 0 ? "; resuming, " + s.earlier() + " documents done by an earlier run" : "";
    line("import: " + s.namespace() + " -> table " + s.table().displayName() + " ("
        + s.action().name().toLowerCase(Locale.ROOT) + "); " + s.idChoice() + how);
  }

  @Override
  public synchronized void tableNameShortened(Namespace namespace, String derived, String table) {
    line("import: " + namespace + ": table name '" + derived + "' is " + derived.getBytes(StandardCharsets.UTF_8).length
        + " bytes of UTF-8, more than the " + TableNaming.MAX_TABLE_BYTES + " that fit (PostgreSQL keeps 63 and the"
        + " copy table appends _copy); shortened to '" + table + "'");
  }

  @Override
  public synchronized void problem(String text) {
    line("import: " + text);
  }

  @Override
  public synchronized void progress(ImportProgress p) {
    if (barWidth >= 0) {
      bar(p).update(barInBytes ? p.bytes() : p.docs(), barText(p), p.etaSeconds());
      return;
    }
    long now = nanoClock.getAsLong();
    if (now - lastPrinted < intervalNanos) {
      return;
    }
    lastPrinted = now;
    StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
        "import: %d/%d collections, %d docs, %.1f MB, %.0f docs/s, %.1f MB/s", p.collectionsDone(), p.collections(),
        p.docs(), p.bytes() / 1e6, p.docsPerSecond(), p.mbPerSecond()));
    p.fractionDone().ifPresent(f -> text.append(String.format(Locale.ROOT, ", %.0f%%", 100 * f)));
    p.etaSeconds().ifPresent(eta -> text.append(", ETA ").append(duration(eta)));
    out.println(text);
  }

  /** Made at the first progress, which tells what the total is known in. */
  private TerminalBar bar(ImportProgress p) {
    if (bar == null) {
      barInBytes = p.expectedBytes() >= 0 || p.expectedDocs() < 0;
      bar = barInBytes ? new TerminalBar(out, barWidth, "import", "MB", 1_000_000, p.expectedBytes())
          : new TerminalBar(out, barWidth, "import", "docs", 1, p.expectedDocs());
    }
    return bar;
  }

  private static String barText(ImportProgress p) {
    return String.format(Locale.ROOT, "%d/%d collections, %d docs, %.0f docs/s, %.1f MB/s", p.collectionsDone(),
        p.collections(), p.docs(), p.docsPerSecond(), p.mbPerSecond());
  }

  /** Ends a progress bar that {@link #finished} did not end (the import failed), so an error starts a new line. */
  @Override
  public synchronized void close() {
    if (bar != null && !bar.finished()) {
      bar.finish(bar.current(), null, false);
    }
  }

  @Override
  public synchronized void collectionDone(CollectionResult r) {
    line(String.format(Locale.ROOT, "import: %s: %d read, %d loaded%s, %d rejected, %.2f MB loaded in %.1f s (%.0f docs/s)%s",
        r.namespace(), r.read(), r.loaded(), r.repeatedFields() > 0 ? " (" + r.repeatedFields()
            + " with a repeated field name)" : "", r.rejected(), r.bytes() / 1e6, r.seconds(), r.docsPerSecond(),
        r.status() == CollectionResult.Status.LOADED ? "" : "; " + r.status().name().toLowerCase(Locale.ROOT)
            + (r.message() == null ? "" : ": " + r.message())));
  }

  @Override
  public synchronized void finished(ImportResult result) {
    if (bar != null) {
      // the importer's last progress call counted everything committed; an interrupted import keeps its total
      bar.finish(bar.current(), null, !result.interrupted());
    }
    List<String> headers = List.of("collection", "table", "read", "loaded", "rejected", "MB", "seconds", "docs/s",
        "status");
    List<List<String>> rows = new ArrayList<>();
    for (CollectionResult c : result.collections()) {
      rows.add(List.of(c.namespace().toString(), c.table() == null ? "-" : c.table(), Long.toString(c.read()),
          Long.toString(c.loaded()), Long.toString(c.rejected()), mb(c.bytes()), seconds(c.seconds()),
          String.format(Locale.ROOT, "%.0f", c.docsPerSecond()), status(c)));
    }
    double rate = result.seconds() > 0 ? (result.read() - result.earlier()) / result.seconds() : 0;
    // the import's whole time, its set-up and closing (durable commit, ANALYZE) included, not the sum of the rows
    rows.add(List.of("total, set-up included", "", Long.toString(result.read()), Long.toString(result.loaded()),
        Long.toString(result.rejected()), mb(result.bytes()), seconds(result.seconds()),
        String.format(Locale.ROOT, "%.0f", rate), result.interrupted() ? "interrupted" : ""));
    line("");
    for (String tableLine : table(headers, rows)) {
      line(tableLine);
    }
    if (result.collections().isEmpty()) {
      line("import: nothing to import (see the notices above)");
    }
    String reconcile = "read = loaded + rejected" + (result.failed() > 0 ? " + in failed batches (" + result.failed() + ")" : "");
    line("import: " + result.read() + " documents read, " + result.loaded() + " loaded" + (result.updated() > 0
        ? " (" + result.updated() + " replacing a row)" : "") + ", " + result.rejected() + " rejected" + (result.skipped() > 0
        ? " (" + result.skipped() + " duplicates skipped)" : "") + "; " + reconcile
        + (result.earlier() > 0 ? "; " + result.earlier() + " of them by earlier runs" : ""));
    if (result.repeatedFields() > 0) {
      line("import: " + stress.model.Plural.of(result.repeatedFields(), "loaded document") + " had a field name repeated in one object;"
          + " --repeated-fields chose the value kept; each is listed in the rejects file (action \"loaded\")");
    }
    if (result.rejectLines() > 0 || result.rejected() > 0) {
      line("import: rejects file " + result.rejects() + " (" + stress.model.Plural.of(result.rejectLines(), "line") + " written by this run)");
    }
    if (result.interrupted()) {
      line("import: interrupted: the counts cover committed batches; run again with --resume to continue");
    } else if (result.failed() > 0) {
      line("import: some batches failed; once the cause is fixed, run again with --resume to load them");
    }
  }

  private static String status(CollectionResult c) {
    return switch (c.status()) {
      case LOADED -> c.rejected() == c.skipped() ? "ok" : "rejects";
      case STOPPED -> "stopped at corrupt input";
      case FAILED -> "failed";
      case INTERRUPTED -> "interrupted";
    };
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.2f", bytes / 1e6);
  }

  private static String seconds(double seconds) {
    return String.format(Locale.ROOT, "%.1f", seconds);
  }

  private static String duration(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60)
        : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }

  /** Columns padded to their widest cell; text left, numbers right. */
  private static List<String> table(List<String> headers, List<List<String>> rows) {
    int[] widths = new int[headers.size()];
    List<List<String>> all = new ArrayList<>();
    all.add(headers);
    all.addAll(rows);
    for (List<String> row : all) {
      for (int c = 0; c < widths.length; c++) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    List<String> lines = new ArrayList<>();
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < widths.length; c++) {
        String cell = row.get(c);
        String pad = " ".repeat(widths[c] - cell.length());
        boolean left = c < 2 || c == widths.length - 1;
        line.append(c == 0 ? "" : "  ").append(left ? cell + pad : pad + cell);
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  /** A whole line; on a terminal it goes above the progress bar. */
  private void line(String text) {
    if (bar != null) {
      bar.println(text);
    } else {
      out.println(text);
    }
  }
}
