package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import stress.connect.ConnectionOptions;
import stress.report.JsonReport;

/**
 * What every step of an assessment reads: the request, where its evidence goes, the target to connect to, and the
 * sections the steps before it saved (read back from the assessment's own file, so a resumed run reads the same).
 */
public final class AssessContext {
  private final AssessRequest request;
  private final AssessState state;
  private final ConnectionOptions target;
  private final PrintStream out;
  /** The dump's bytes, read once: every step's estimate scales with it, and the plan asks each more than once. */
  private long dumpBytes = -1;

  AssessContext(AssessRequest request, AssessState state, ConnectionOptions target, PrintStream out) {
    this.request = request;
    this.state = state;
    this.target = target;
    this.out = out;
  }

  public AssessRequest request() {
    return request;
  }

  /** The target as the tool's commands take it: the user's, or empty for the kept embedded server. */
  public ConnectionOptions target() {
    return target;
  }

  /**
   * {@code stress COMMAND} with the target's connection options as a user types them (none for the kept embedded
   * server, which a command given no connection uses while it runs), for the commands that reproduce a step.
   */
  public String stress(String command) {
    return "stress " + command + target.asTyped();
  }

  /** The bytes of the dump's files (0 without a dump, or where they cannot be listed), for the steps' estimates. */
  public synchronized long dumpBytes() {
    if (dumpBytes < 0) {
      dumpBytes = 0;
      if (request.dump() != null) {
        try (var files = Files.walk(request.dump())) {
          dumpBytes = files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).sum();
        } catch (IOException | UncheckedIOException e) {
          // a dump that cannot be listed makes the estimates smaller; the steps that read it say why
        }
      }
    }
    return dumpBytes;
  }

  /** Where progress lines and the commands' own output go. */
  public PrintStream out() {
    return out;
  }

  /** The folder of a step's evidence ({@code steps/NAME} under the assessment's folder), created. */
  public Path stepDir(String step) {
    Path dir = request.out().resolve("steps").resolve(step);
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
    }
    return dir;
  }

  /** The section an earlier step saved, as {@code type}, or empty when that step did not run. */
  public <T> Optional<T> section(String step, Class<T> type) {
    JsonNode node = state.section(step);
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    try {
      return Optional.of(JsonReport.mapper().treeToValue(node, type));
    } catch (IOException e) {
      throw new UncheckedIOException("assessment.json: section " + step + " cannot be read as " + type.getSimpleName()
          + ": " + e.getMessage(), e);
    }
  }
}
