package stress.app.assess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import stress.dump.DumpCollection;
import stress.dump.DumpScanner;
import stress.dump.DumpSource;
import stress.report.JsonReport;
import stress.report.assess.DataSection;

/**
 * The dump's documents read once before the import, each through the import's own decoding, counting per collection
 * what does not go into jsonb as it is and what the import does with it ({@link DataRules}).
 */
final class DataStep implements AssessStep {
  static final String NAME = "data";
  /** The scan's pace the estimate assumes: org.bson's reading of every value, on one core of a loaded host. */
  private static final long BYTES_PER_SECOND = 50_000_000;

  static final String DEPTH_RULE = "PostgreSQL documents no nesting limit for jsonb (its JSON parser is bounded by"
      + " max_stack_depth, 2 MB by default, thousands of levels); MongoDB stores at most 100 levels, and a test of this"
      + " tool stores 150: depth alone never stops the import";
  static final String SIZE_RULE = "jsonb holds up to 255 MiB a value; a dump's documents are at most 16 MiB + 16 KiB"
      + " (a larger length prefix stops the reading, for the import too): size alone never stops the import";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "data that does not go across as it is";
  }

  @Override
  public String skipReason(AssessContext context) {
    return null; // with no dump its section says so, for the verdicts to read
  }

  @Override
  public Duration estimate(AssessContext context) {
    return Duration.ofSeconds(1 + context.dumpBytes() / BYTES_PER_SECOND);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws Exception {
    Path dump = context.request().dump();
    if (dump == null) {
      return new DataSection(null, "no dump given: the stand-in collections built from the log hold only values the"
          + " log showed", DataRules.OPTIONS, DataRules.all(), DEPTH_RULE, SIZE_RULE, List.of());
    }
    DataSection section = scan(dump);
    Files.writeString(context.stepDir(NAME).resolve("data.json"), JsonReport.mapper().writerWithDefaultPrettyPrinter()
        .writeValueAsString(section));
    return section;
  }

  /** The section of a dump: every collection (views have no documents) read once. */
  static DataSection scan(Path dump) throws java.io.IOException {
    DumpSource source = new DumpScanner().scan(dump);
    List<DataSection.Collection> collections = new ArrayList<>();
    for (DumpCollection c : source.collections()) {
      collections.add(DataScan.of(c));
    }
    return new DataSection(dump.toString(), null, DataRules.OPTIONS, DataRules.all(), DEPTH_RULE, SIZE_RULE,
        collections);
  }

  @Override
  public String reproduce(AssessContext context) {
    Path dump = context.request().dump();
    return dump == null ? "(no dump)" : context.stress("import") + " " + dump + " --rejects rejects.jsonl (the"
        + " rejects file lists"
        + " each document it did not load, with the reason)";
  }
}
