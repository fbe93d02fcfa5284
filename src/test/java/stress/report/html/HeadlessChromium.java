package stress.report.html;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A headless Chromium run once per call, with a fresh profile and no network services, for checking what a
 * page draws. The binary is {@code STRESS_CHROMIUM} when set, else the first of chromium, chromium-browser,
 * google-chrome on the PATH.
 */
public final class HeadlessChromium {
  private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");
  private final Path binary;

  private HeadlessChromium(Path binary) {
    this.binary = binary;
  }

  /** The browser, or empty when none is installed. */
  public static Optional<HeadlessChromium> find() {
    String configured = System.getenv("STRESS_CHROMIUM");
    if (configured != null && !configured.isBlank()) {
      return Optional.of(new HeadlessChromium(Path.of(configured)));
    }
    String path = System.getenv().getOrDefault("PATH", "");
    for (String name : NAMES) {
      for (String dir : path.split(File.pathSeparator)) {
        Path candidate = Path.of(dir).resolve(name);
        if (Files.isExecutable(candidate)) {
          return Optional.of(new HeadlessChromium(candidate));
        }
      }
    }
    return Optional.empty();
  }

  /** The DOM after the page's scripts ran (with up to 10 s of virtual time for them). */
  public RenderedPage open(Path page) throws IOException, InterruptedException {
    return new RenderedPage(run(page, "--dump-dom"));
  }

  /** Writes a PNG of the page's top {@code width} x {@code height} pixels. */
  public void screenshot(Path page, Path png, int width, int height) throws IOException, InterruptedException {
    run(page, "--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height);
    if (!Files.isRegularFile(png) || Files.size(png) == 0) {
      throw new IOException("chromium wrote no screenshot " + png);
    }
  }

  /** Prints the page to a PDF (A4, Chromium's print layout), as a reader's "print" would. */
  public void printToPdf(Path page, Path pdf) throws IOException, InterruptedException {
    run(page, "--print-to-pdf=" + pdf.toAbsolutePath(), "--no-pdf-header-footer");
    if (!Files.isRegularFile(pdf) || Files.size(pdf) == 0) {
      throw new IOException("chromium wrote no PDF " + pdf);
    }
  }

  private String run(Path page, String... extra) throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("stress-chromium-");
    Path stdout = profile.resolve("stdout.txt");
    Path stderr = profile.resolve("stderr.txt");
    try {
      List<String> command = new ArrayList<>(List.of(binary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
          "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
          "--user-data-dir=" + profile.resolve("profile"), "--window-size=1400,1000", "--virtual-time-budget=10000"));
      command.addAll(List.of(extra));
      command.add(page.toAbsolutePath().toUri().toString());
      Process process = new ProcessBuilder(command)
          .redirectOutput(stdout.toFile())
          .redirectError(stderr.toFile())
          .start();
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new IOException("chromium did not finish within 120 s: " + command);
      }
      if (process.exitValue() != 0) {
        throw new IOException("chromium exited with " + process.exitValue() + ": " + Files.readString(stderr, StandardCharsets.UTF_8));
      }
      return Files.readString(stdout, StandardCharsets.UTF_8);
    } finally {
      deleteTree(profile);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }
}
