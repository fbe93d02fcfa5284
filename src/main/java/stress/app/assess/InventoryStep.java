package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import stress.dump.DocumentStream;
import stress.dump.DumpCollection;
import stress.dump.DumpFormatException;
import stress.dump.DumpMetadata;
import stress.dump.DumpScanner;
import stress.dump.ReadPolicy;
import stress.dump.document.ReadItem;
import stress.model.MongoRecorded;
import stress.report.assess.InventorySection;
import stress.report.assess.WorkloadSection;
import stress.workload.Application;

/**
 * Per collection what the dump holds (documents, sizes, its metadata's indexes: the documents' frames are counted,
 * not decoded) and what the log shows of it (the figures the workload step's files keep under {@code mongodb:}).
 */
final class InventoryStep implements AssessStep {
  static final String NAME = "inventory";
  private static final long BYTES_PER_SECOND = 200_000_000;
  private static final String NO_PEAK = "the listing keeps the collection's first and last logged time but no"
      + " peakPerSecond (written by an older build), so the busiest second is not known: meanRate is the entries over"
      + " the logged span";
  private static final String PEAK = "meanRate is the entries over the logged span, peakRate those of the busiest"
      + " second (%s)";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "inventory of the dump and the log";
  }

  @Override
  public String skipReason(AssessContext context) {
    return null;
  }

  @Override
  public Duration estimate(AssessContext context) {
    return Duration.ofSeconds(1 + context.dumpBytes() / BYTES_PER_SECOND);
  }

  @Override
  public Object run(AssessContext context, Duration allowance) throws IOException {
    AssessRequest r = context.request();
    Map<String, InventorySection.Dump> dump = r.dump() == null ? null : dump(r.dump());
    WorkloadSection workload = context.section(WorkloadStep.NAME, WorkloadSection.class).orElse(null);
    String noLog = workload == null ? "the workload step did not run"
        : workload.source().equals("dump") ? "no log given (--log FILE)" : null;
    Application app = noLog == null ? Application.load(Path.of(workload.directory())) : null;
    InventorySection section = of(r.dump() == null ? null : r.dump().toString(), dump, app, noLog);
    refuseStrangers(section, r);
    return section;
  }

  /**
   * A dump and a log with no collection in common are of two applications: nothing the later steps would measure
   * joins the log's operations to the dump's data, so the assessment stops here with one line.
   */
  static void refuseStrangers(InventorySection s, AssessRequest r) {
    if (s.dump() == null || s.log() == null || s.logOnly().isEmpty()
        || s.collections().stream().anyMatch(c -> c.dump() != null && c.log() != null)) {
      return;
    }
    throw new RequestRefused("--dump " + r.dump() + " and --log " + r.logs().get(0) + " have no"
        + " collection in common (the dump: " + String.join(", ", s.dumpOnly()) + "; the log: "
        + String.join(", ", s.logOnly()) + "): they are of two applications; give the dump and the log of one");
  }

  /** The section from the dump's collections (or null) and the application's workload (or null, and why not). */
  static InventorySection of(String dumpPath, Map<String, InventorySection.Dump> dump, Application app,
                             String noLog) {
    Map<String, InventorySection.Log> log = app == null ? null : log(app);
    long total = app == null ? 0 : log.values().stream().mapToLong(InventorySection.Log::operations).sum();
    Map<String, InventorySection.Collection> all = new TreeMap<>();
    if (dump != null) {
      dump.forEach((ns, d) -> all.put(ns, new InventorySection.Collection(ns, d, null)));
    }
    List<String> logOnly = new ArrayList<>();
    if (log != null) {
      log.forEach((ns, l) -> {
        InventorySection.Collection c = all.get(ns);
        if (c == null && dump != null) {
          logOnly.add(ns);
        }
        all.put(ns, new InventorySection.Collection(ns, c == null ? null : c.dump(), l));
      });
    }
    List<String> dumpOnly = dump == null || log == null ? List.of()
        : dump.keySet().stream().filter(ns -> !log.containsKey(ns)).sorted().toList();
    return new InventorySection(dumpPath, dumpPath == null ? "no dump given (--dump DIR)" : null,
        app == null ? null : app.listing().toString(), app == null ? noLog : null, total,
        List.copyOf(all.values()), logOnly.stream().sorted().toList(), dumpOnly);
  }

  /** Each collection of the dump: its frames counted and measured (not decoded), its metadata's indexes. */
  static Map<String, InventorySection.Dump> dump(Path path) throws IOException {
    Map<String, InventorySection.Dump> out = new TreeMap<>();
    for (DumpCollection c : new DumpScanner().scan(path).collections()) {
      long documents = 0;
      long bytes = 0;
      long largest = 0;
      String stopped = null;
      try (DocumentStream stream = c.open(ReadPolicy.SKIP).withoutDecodeCheck()) {
        ReadItem item;
        while ((item = stream.next()) != null) {
          documents++;
          bytes += item.length();
          largest = Math.max(largest, item.length());
        }
      } catch (DumpFormatException e) {
        stopped = e.getMessage();
      }
      String ns = c.namespace().database() + "." + c.namespace().collection();
      out.put(ns, new InventorySection.Dump(documents, bytes, documents == 0 ? 0 : (double) bytes / documents, largest,
          c.metadata().map(InventoryStep::indexes).orElse(List.of()), stopped));
    }
    return out;
  }

  /** The indexes of a collection's metadata, each with its raw options kept. */
  static List<InventorySection.Index> indexes(DumpMetadata metadata) {
    List<InventorySection.Index> list = new ArrayList<>();
    for (JsonNode i : metadata.json().path("indexes")) {
      JsonNode key = i.path("key");
      List<String> kinds = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = key.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getKey().equals("$**") || e.getKey().endsWith(".$**")) {
          kinds.add("wildcard");
        } else if (e.getValue().isTextual() && !kinds.contains(e.getValue().asText())) {
          kinds.add(e.getValue().asText()); // text, 2dsphere, 2d, hashed
        }
      }
      ObjectNode options = i.deepCopy();
      options.remove(List.of("v", "key", "name", "ns"));
      JsonNode ttl = i.get("expireAfterSeconds");
      list.add(new InventorySection.Index(i.path("name").asText(), key.toString(), kinds,
          i.path("unique").asBoolean(false), i.path("sparse").asBoolean(false), text(i.get("partialFilterExpression")),
          ttl == null ? null : number(ttl), text(i.get("collation")), options.toString()));
    }
    return list;
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.toString();
  }

  /** A number as metadata writes it: plain, or canonical Extended JSON ({"$numberInt": "3600"}). */
  private static Long number(JsonNode node) {
    JsonNode n = node.isObject() && node.size() == 1 ? node.elements().next() : node;
    try {
      return n.isNumber() ? n.asLong() : (long) Double.parseDouble(n.asText());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Each logged collection's figures, from its {@code mongodb:} key (or its operations' when the listing has none). */
  static Map<String, InventorySection.Log> log(Application app) {
    Map<String, InventorySection.Log> out = new TreeMap<>();
    long total = 0;
    Map<String, MongoRecorded> figures = new TreeMap<>();
    for (Application.Collection c : app.collections()) {
      MongoRecorded r = c.recorded();
      if (r == null) {
        long entries = c.workload().recorded().values().stream().mapToLong(MongoRecorded::entries).sum();
        r = new MongoRecorded(entries, 0, null, null, null, 0, 0, 0, 0, Map.of(), null, null, Map.of());
      }
      figures.put(c.namespace(), r);
      total += r.entries();
    }
    for (Application.Collection c : app.collections()) {
      MongoRecorded r = figures.get(c.namespace());
      boolean timed = c.recorded() != null;
      out.put(c.namespace(), new InventorySection.Log(r.entries(), total == 0 ? 0 : (double) r.entries() / total,
          timed ? r.p50Millis() : null, timed ? r.p99Millis() : null, r.perSecond(),
          timed && r.peakPerSecond() != null ? Double.valueOf(r.peakPerSecond()) : null, r.first(), r.last(),
          c.workload().operations().size(), !timed || r.perSecond() == null
          ? "the listing keeps no mongodb: figures for the collection, so neither rate is known"
          : r.peakPerSecond() == null ? NO_PEAK : String.format(PEAK, r.peakAt())));
    }
    return out;
  }

  @Override
  public String reproduce(AssessContext context) {
    AssessRequest r = context.request();
    return (r.dump() == null ? "" : context.stress("import") + " " + r.dump()
        + " (its summary: documents per collection); ")
        + (r.fromLog() ? "the mongodb: keys of " + r.out().resolve("steps").resolve(WorkloadStep.NAME)
        .resolve("application.yaml") : "");
  }
}
