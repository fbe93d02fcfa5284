package stress.app.data;

import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import stress.app.process.ExitCode;
import stress.app.process.Version;
import stress.dump.DumpNotice;
import stress.dump.generate.DumpPlan;
import stress.dump.generate.DumpSummary;
import stress.load.InitResult;
import stress.load.importer.progress.CollectionResult;
import stress.load.importer.ImportRequest;
import stress.load.importer.progress.ImportResult;
import stress.model.UsageException;
import stress.report.JsonReport;
import stress.server.TargetInfo;

/**
 * The machine-readable result of {@code import}, {@code init} and {@code generate} ({@code --json FILE}), the
 * counterpart of {@code run --json}. One convention for the three: {@code command}, {@code toolVersion},
 * {@code startTime}, {@code exitCode} (what the process returns), then what the command did. Built as ordered
 * maps so the file reads in the order a person checks it; never holds a password (only the target's kind and
 * version are written, no connection string).
 */
public final class CommandResultJson {
  private static final ObjectWriter WRITER = JsonReport.mapper().writerWithDefaultPrettyPrinter();

  private CommandResultJson() {}

  /** The result of an import. */
  static Map<String, Object> ofImport(Instant start, ImportRequest request, TargetInfo target, String toastCompression,
                                      ImportResult result, ExitCode exitCode) {
    Map<String, Object> json = header("import", start, exitCode);
    json.put("outcome", result.interrupted() ? "interrupted" : result.outcome().name().toLowerCase(Locale.ROOT));
    json.put("target", target(target));
    json.put("toastCompression", toastCompression); // null where the server has no default_toast_compression
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("path", result.source().toString());
    source.put("format", lower(result.format()));
    json.put("source", source);
    json.put("options", importOptions(request));
    json.put("rejectsFile", result.rejects() == null ? null : result.rejects().toString());
    json.put("rejectLines", result.rejectLines());
    json.put("seconds", result.seconds());
    Map<String, Object> totals = new LinkedHashMap<>();
    totals.put("collections", result.collections().size());
    totals.put("read", result.read());
    totals.put("loaded", result.loaded());
    totals.put("rejected", result.rejected());
    totals.put("skipped", result.skipped());
    totals.put("updated", result.updated());
    totals.put("repeatedFields", result.repeatedFields());
    totals.put("failed", result.failed());
    totals.put("bytes", result.bytes());
    totals.put("earlier", result.earlier());
    totals.put("docsPerSecond", result.seconds() > 0 ? (result.read() - result.earlier()) / result.seconds() : 0);
    json.put("totals", totals);
    Map<String, Object> streams = new LinkedHashMap<>();
    streams.put("seconds", result.streams().seconds());
    streams.put("waitingSeconds", result.streams().waitingSeconds());
    json.put("loadStreams", streams);
    List<Map<String, Object>> notices = new ArrayList<>();
    for (DumpNotice n : result.notices()) {
      Map<String, Object> notice = new LinkedHashMap<>();
      notice.put("severity", lower(n.severity()));
      notice.put("subject", n.subject());
      notice.put("message", n.message());
      notices.add(notice);
    }
    json.put("notices", notices);
    List<Map<String, Object>> collections = new ArrayList<>();
    for (CollectionResult c : result.collections()) {
      collections.add(collection(c));
    }
    json.put("collections", collections);
    return json;
  }

  /** The result of {@code init}. */
  public static Map<String, Object> ofInit(Instant start, TargetInfo target, InitResult result, long seed, int jobs) {
    Map<String, Object> json = header("init", start, ExitCode.OK);
    json.put("outcome", "loaded");
    json.put("target", target(target));
    json.put("table", result.table().displayName());
    json.put("copyTable", result.table().copyTable().displayName());
    json.put("idType", result.table().idType().sql());
    json.put("tableAction", lower(result.tableAction()));
    json.put("keptExistingRows", result.keptExistingRows());
    json.put("tableNote", result.tableNote());
    json.put("seed", seed);
    json.put("jobs", jobs);
    json.put("documents", result.documents());
    json.put("bytes", result.bytes());
    json.put("seconds", result.seconds());
    json.put("docsPerSecond", result.seconds() > 0 ? result.documents() / result.seconds() : 0);
    return json;
  }

  /** The result of {@code generate}. */
  static Map<String, Object> ofGenerate(Instant start, GenerateRequest request, DumpSummary summary,
                                        double seconds) {
    DumpPlan plan = request.plan();
    Map<String, Object> json = header("generate", start, ExitCode.OK);
    json.put("outcome", "written");
    json.put("layout", request.out() != null ? "directory" : "archive");
    json.put("path", (request.out() != null ? request.out() : request.archive()).toString());
    json.put("gzip", request.gzip());
    json.put("database", plan.database());
    json.put("collections", plan.collections());
    json.put("shape", plan.shape().label());
    json.put("seed", plan.seed());
    json.put("documents", summary.docs());
    json.put("bsonBytes", summary.bsonBytes());
    json.put("outputBytes", summary.outputBytes());
    json.put("seconds", seconds);
    json.put("docsPerSecond", seconds > 0 ? summary.docs() / seconds : 0);
    json.put("files", summary.files().stream().map(Path::toString).toList());
    return json;
  }

  /** Writes the result, replacing the file. */
  public static void write(Map<String, Object> json, Path file) {
    try {
      Files.writeString(file, WRITER.writeValueAsString(json) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("could not write --json '" + file + "': " + e.getMessage(), e);
    }
  }

  public static Map<String, Object> header(String command, Instant start, ExitCode exitCode) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("command", command);
    json.put("toolVersion", Version.current());
    json.put("startTime", start.toString());
    json.put("exitCode", exitCode.code());
    return json;
  }

  private static Map<String, Object> target(TargetInfo target) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("kind", target.kind().displayName());
    json.put("version", target.version());
    return json;
  }

  private static Map<String, Object> importOptions(ImportRequest request) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("jobs", request.jobs());
    json.put("batchDocs", request.batching().maxRows());
    json.put("batchBytes", request.batching().maxBytes());
    json.put("jsonMode", lower(request.jsonFormat()));
    json.put("idType", request.idType() == null ? "detect" : request.idType().sql());
    json.put("onError", lower(request.onError()));
    json.put("onDuplicate", lower(request.onDuplicate()));
    json.put("repeatedFields", lower(request.repeatedFields()));
    json.put("existingTables", lower(request.policy()));
    json.put("resume", request.resume());
    return json;
  }

  private static Map<String, Object> collection(CollectionResult c) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("namespace", c.namespace().toString());
    json.put("location", c.location());
    json.put("table", c.table());
    json.put("idType", c.idType() == null ? null : c.idType().sql());
    json.put("idChoice", c.idChoice());
    json.put("status", lower(c.status()));
    json.put("message", c.message());
    json.put("read", c.read());
    json.put("loaded", c.loaded());
    json.put("rejected", c.rejected());
    json.put("skipped", c.skipped());
    json.put("updated", c.updated());
    json.put("repeatedFields", c.repeatedFields());
    json.put("failed", c.failed());
    json.put("bytes", c.bytes());
    json.put("earlier", c.earlier());
    json.put("seconds", c.seconds());
    json.put("docsPerSecond", c.docsPerSecond());
    return json;
  }

  private static String lower(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
