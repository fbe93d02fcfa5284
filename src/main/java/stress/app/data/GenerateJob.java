package stress.app.data;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.stream.Stream;
import stress.app.process.ExitCode;
import stress.app.process.Version;
import stress.dump.generate.ArchiveWriter;
import stress.dump.generate.DumpOrigin;
import stress.dump.generate.DumpPlan;
import stress.dump.generate.DumpSummary;
import stress.dump.generate.DumpWriter;
import stress.model.UsageException;

/** {@code stress generate}: checks the target, writes the dump, prints progress and a closing line. */
public final class GenerateJob {
  private GenerateJob() {}

  public static ExitCode run(GenerateRequest request, Path json, PrintStream out) throws IOException {
    Instant start = Instant.now();
    checkTarget(request);
    DumpPlan plan = request.plan();
    DumpOrigin origin = new DumpOrigin("stress " + Version.current());
    out.printf(Locale.ROOT, "generate: %d %s documents, seed %d, into %d collection%s of database %s, %s%s %s%n",
        plan.docs(), plan.shape().label(), plan.seed(), plan.collections(), plan.collections() == 1 ? "" : "s",
        plan.database(), request.gzip() ? "gzip " : "", request.out() != null ? "directory" : "archive",
        request.target());
    GenerateProgress progress = new GenerateProgress(out, plan.docs());
    DumpSummary summary;
    try {
      summary = write(request, origin, progress);
    } catch (IOException e) {
      // messages of java.nio's exceptions are often just a path; the type says what went wrong
      throw new IOException("writing " + request.target() + " failed: " + e.getClass().getSimpleName() + ": "
          + e.getMessage(), e);
    }
    double seconds = progress.seconds();
    out.printf(Locale.ROOT, "generate: done, %d docs, %d bytes BSON (avg %.1f B/doc), %d bytes in %d file%s,"
            + " %.1f s, %d docs/s%n", summary.docs(), summary.bsonBytes(), summary.averageBsonBytes(),
        summary.outputBytes(), summary.files().size(), summary.files().size() == 1 ? "" : "s", seconds,
        Math.round(summary.docs() / seconds));
    if (json != null) {
      CommandResultJson.write(CommandResultJson.ofGenerate(start, request, summary, seconds), json);
      out.println("result: " + json);
    }
    return ExitCode.OK;
  }

  private static DumpSummary write(GenerateRequest request, DumpOrigin origin, GenerateProgress progress)
      throws IOException {
    if (request.out() != null) {
      return new DumpWriter(request.plan(), origin).write(request.out(), request.gzip(), progress);
    }
    Path parent = request.archive().toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    return new ArchiveWriter(request.plan(), origin).write(request.archive(), request.gzip(), progress);
  }

  /** Refuses to mix generated files into a directory, or to replace a file, that the user did not hand over. */
  private static void checkTarget(GenerateRequest request) throws IOException {
    if (request.out() != null) {
      Path dir = request.out();
      if (Files.exists(dir) && !Files.isDirectory(dir)) {
        throw new UsageException("--out '" + dir + "' is a file; it must be a directory (or not exist yet)");
      }
      if (!request.force() && Files.isDirectory(dir) && !isEmpty(dir)) {
        throw new UsageException("--out directory '" + dir + "' is not empty; give --force to write"
            + " into it (files of the same names are replaced, other files are kept)");
      }
    } else {
      Path file = request.archive();
      if (Files.isDirectory(file)) {
        throw new UsageException("--archive '" + file + "' is a directory; it must be a file");
      }
      if (!request.force() && Files.exists(file)) {
        throw new UsageException("--archive file '" + file + "' exists; give --force to replace it");
      }
    }
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }
}
