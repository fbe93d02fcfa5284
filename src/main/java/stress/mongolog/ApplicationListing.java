package stress.mongolog;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import stress.model.UsageException;

/**
 * {@code application.yaml} beside the files of one derivation: each collection with its file, its table and what
 * MongoDB recorded for the collection as a whole, so that {@code run --workload DIR} runs the application's
 * collections in one phase ({@code workload.Application} reads it).
 */
final class ApplicationListing {
  /** The listing's name in the output directory. */
  static final String FILE = "application.yaml";

  private ApplicationListing() {}

  /** Writes the listing of the files written; returns its path. */
  static Path write(LogWorkloads.Request request, List<LogWorkloads.Written> files, Map<String, ShapeStats> byNamespace) {
    Path listing = request.outDir().resolve(FILE);
    // the listed collections' figures together, as a collection's are its shapes' together
    ShapeStats all = new ShapeStats(byNamespace.get(files.get(0).ns()).first);
    StringBuilder collections = new StringBuilder("collections:\n");
    for (LogWorkloads.Written w : files) {
      ShapeStats s = byNamespace.get(w.ns());
      all.addFigures(s);
      collections.append("  - namespace: ").append(ParameterChoice.json(w.ns())).append('\n')
          .append("    table: ").append(ParameterChoice.json(w.table())).append('\n')
          .append("    file: ").append(ParameterChoice.json(w.file().getFileName().toString())).append('\n')
          .append(OperationText.mongodbKey(s).replace("for this shape", "for the collection's operations"));
    }
    String header = "# Derived by 'stress workload --from-log' from " + request.logs().size() + " log file(s): the"
        + " application's " + files.size() + " collection(s), each with its workload file and its table.\n"
        + "# Run them together, in one phase, each operation weighted by its logged count (the application's mix):\n"
        + "#   stress run --workload " + request.outDir() + "\n" + rateComment(all.entries, all.firstTime, all.lastTime)
        + (request.standIn() ? "# Stand-in collections built from the log's own values (--stand-in, seed " + request.seed()
            + ") are in " + request.standInDir() + ": 'stress import " + request.standInDir() + "' makes the tables of"
            + " them where the application's data is not at hand; what runs on them measures that data, not the"
            + " application's.\n" : "");
    try {
      Files.writeString(listing, header + logged(all) + collections);
    } catch (IOException e) {
      throw new UsageException("--out " + request.outDir() + ": cannot write " + listing + ": " + e.getMessage());
    }
    return listing;
  }

  /**
   * The {@code logged:} key: the listed collections' statements together, their mean rate and their busiest second
   * (the application's peak is not the sum of the collections' peaks); none when no statement had a time.
   */
  private static String logged(ShapeStats all) {
    Map.Entry<Long, Long> peak = all.peak();
    if (all.firstTime == null || peak == null) {
      return "";
    }
    double seconds = (all.lastTime.toEpochMilli() - all.firstTime.toEpochMilli()) / 1000.0;
    return "logged:  # the statements of these collections together; a capacity is also said as a multiple of"
        + " peakPerSecond\n"
        + "  entries: " + all.entries + "\n"
        + "  first: \"" + all.firstTime + "\"\n"
        + "  last: \"" + all.lastTime + "\"\n"
        + (seconds > 0 ? "  perSecond: " + OperationText.fourDigits(all.entries / seconds) + "\n" : "")
        + "  peakPerSecond: " + peak.getValue() + "  # the statements of the busiest second\n"
        + "  peakAt: \"" + Instant.ofEpochSecond(peak.getKey()) + "\"\n";
  }

  /** What --rate log paces the run at, and what that rate is. */
  private static String rateComment(long entries, Instant first, Instant last) {
    double seconds = first == null ? 0 : (last.toEpochMilli() - first.toEpochMilli()) / 1000.0;
    if (seconds <= 0) {
      return "# The log shows no rate (its statements share one instant or have no time): --rate log is refused.\n";
    }
    return String.format(Locale.ROOT, "# --rate log: %d logged statements of these operations from %s to %s (%.3f s):"
        + " %.4g per second. Only the statements the files hold count (not the entries skipped); with slowms above 0"
        + " they are the slow operations only, so the application ran more than that.%n", entries, first, last,
        seconds, entries / seconds);
  }
}
