package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import stress.app.process.Version;
import stress.connect.ConnectionOptions;
import stress.model.UsageException;
import stress.report.JsonReport;

/**
 * The assessment's own file, {@code assessment.json} in its folder: what was asked (never a password), the plan with
 * each step's status, and each finished step's section. Written after every step, so a run stopped by Ctrl-C or a failed
 * step keeps what it found, and a re-run with the same folder and the same request resumes from the first step that
 * did not finish.
 */
final class AssessState {
  static final String FILE = "assessment.json";
  /** The layout of the file; a re-run refuses a folder of another layout instead of misreading it. */
  static final int FORMAT = 1;

  private final Path file;
  private final ObjectNode root;
  private final boolean resumed;

  private AssessState(Path file, ObjectNode root, boolean resumed) {
    this.file = file;
    this.root = root;
    this.resumed = resumed;
  }

  /**
   * The folder's assessment: a new one in a new or empty folder, the earlier one of the same request to resume, or a
   * refusal naming what differs.
   */
  static AssessState open(AssessRequest request) {
    Path out = request.out();
    Path file = out.resolve(FILE);
    ObjectNode asked = asked(request);
    ObjectMapper mapper = JsonReport.mapper();
    if (Files.isRegularFile(file)) {
      ObjectNode earlier;
      try {
        earlier = (ObjectNode) mapper.readTree(file.toFile());
      } catch (IOException | ClassCastException e) {
        throw new UsageException("--out " + out + ": " + FILE + " there cannot be read (" + e.getMessage()
            + "): give a new or empty folder");
      }
      if (earlier.path("format").asInt() != FORMAT) {
        throw new UsageException("--out " + out + ": " + FILE + " there is of format " + earlier.path("format")
            + ", this version writes " + FORMAT + ": give a new or empty folder");
      }
      JsonNode before = earlier.path("request");
      String differs = firstDifference(before, asked);
      if (differs != null) {
        throw new UsageException("--out " + out + " holds the assessment of another request (" + differs + "): a"
            + " re-run resumes only the same request; give a new or empty folder");
      }
      return new AssessState(file, earlier, true);
    }
    if (Files.exists(out)) {
      if (!Files.isDirectory(out)) {
        throw new UsageException("--out " + out + ": not a directory");
      }
      try (var entries = Files.list(out)) {
        if (entries.findAny().isPresent()) {
          throw new UsageException("--out " + out + " holds files but no " + FILE + ": give a new or empty folder"
              + " (a re-run resumes only a folder an assessment wrote)");
        }
      } catch (IOException e) {
        throw new UsageException("--out " + out + ": cannot list it: " + JsonReport.reason(e));
      }
    }
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new UsageException("--out " + out + ": cannot create it: " + JsonReport.reason(e));
    }
    ObjectNode root = mapper.createObjectNode();
    root.put("format", FORMAT);
    root.put("command", "assess");
    root.put("toolVersion", Version.current());
    root.put("startTime", Instant.now().toString());
    root.set("request", asked);
    root.putArray("plan");
    root.putObject("sections");
    root.put("complete", false);
    return new AssessState(file, root, false);
  }

  /** What was asked, as the file keeps it: paths, the target without its password, the objective and the budget. */
  static ObjectNode asked(AssessRequest r) {
    ObjectNode n = JsonReport.mapper().createObjectNode();
    n.put("dump", r.dump() == null ? null : r.dump().toAbsolutePath().normalize().toString());
    ArrayNode logs = n.putArray("logs");
    r.logs().forEach(l -> logs.add(l.toAbsolutePath().normalize().toString()));
    n.put("workload", r.workload() == null ? null : r.workload().toAbsolutePath().normalize().toString());
    n.put("target", target(r.connection()));
    n.put("against", r.against() == null ? null : stress.mongodb.MongoTarget.withoutPassword(r.against()));
    n.put("slo", r.slo());
    n.put("app", r.app());
    n.put("seed", r.seed());
    return n;
  }

  /** The target as the file names it: the URL without a password, or the parts given, or the kept embedded server. */
  static String target(ConnectionOptions c) {
    if (c.url() != null) {
      return c.shownUrl();
    }
    if (c.host() == null && c.port() == null && c.database() == null && c.user() == null) {
      return "embedded";
    }
    return "host=" + c.host() + " port=" + c.port() + " dbname=" + c.database() + " user=" + c.user();
  }

  private static String firstDifference(JsonNode before, JsonNode now) {
    Iterator<Map.Entry<String, JsonNode>> fields = now.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> f = fields.next();
      // compared as written: a long written is read back as an int
      if (!f.getValue().toString().equals(before.path(f.getKey()).toString())) {
        return f.getKey() + " was " + before.path(f.getKey()) + ", now " + f.getValue();
      }
    }
    return null;
  }

  /** Whether an earlier run of the same request wrote this file. */
  boolean resumed() {
    return resumed;
  }

  ObjectNode root() {
    return root;
  }

  /** The section a finished step saved, or null. */
  JsonNode section(String step) {
    JsonNode s = root.path("sections").get(step);
    return s == null || s.isNull() ? null : s;
  }

  /** Whether the step finished in this run or an earlier one. */
  boolean done(String step) {
    return section(step) != null;
  }

  void saveSection(String step, Object section) {
    ((ObjectNode) root.get("sections")).set(step, JsonReport.mapper().valueToTree(section));
  }

  /** Writes the file whole, through a file beside it, so a stop mid-write leaves the earlier one. */
  void save() {
    Path tmp = file.resolveSibling(FILE + ".tmp");
    try {
      JsonReport.mapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), root);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UsageException("--out " + file.getParent() + ": cannot write " + FILE + ": " + JsonReport.reason(e));
    }
  }
}
