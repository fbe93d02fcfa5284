package stress.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which project packages each package of the source tree uses: its {@code import stress...} lines and the fully
 * qualified {@code stress...} names in its code (comments left out, so a Javadoc link is no dependency). Package names
 * are relative to {@code stress}: {@code load.importer}.
 */
final class PackageImports {
  private static final Pattern PACKAGE = Pattern.compile("^package stress\\.([\\w.]+);", Pattern.MULTILINE);
  /** A project type's package: the lower-case segments before the first upper-case one. */
  private static final Pattern USE = Pattern.compile("(?<![\\w.])stress((?:\\.[a-z]\\w*)+)\\.[A-Z]");
  private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
  private static final Pattern LINE_COMMENT = Pattern.compile("//[^\\n]*");

  private PackageImports() {}

  /** Every package under {@code root} (the {@code stress} tree of a source root) and the packages it uses. */
  static Map<String, Set<String>> of(Path sourceRoot) {
    Map<String, String> sources = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sourceRoot)) {
      for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
        sources.put(sourceRoot.relativize(file).toString(), Files.readString(file));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return ofSources(sources);
  }

  /** The same for source texts given by name (for tests of this reader). */
  static Map<String, Set<String>> ofSources(Map<String, String> sources) {
    Map<String, Set<String>> uses = new TreeMap<>();
    sources.forEach((name, text) -> {
      Matcher pkg = PACKAGE.matcher(text);
      if (!pkg.find()) {
        throw new IllegalArgumentException(name + " has no package stress... line");
      }
      String own = pkg.group(1);
      Set<String> used = uses.computeIfAbsent(own, p -> new TreeSet<>());
      String code = LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(text).replaceAll(" ")).replaceAll("");
      Matcher use = USE.matcher(code.substring(Math.min(code.length(), codeStart(code))));
      while (use.find()) {
        String other = use.group(1).substring(1);
        if (!other.equals(own)) {
          used.add(other);
        }
      }
    });
    return uses;
  }

  /** Past the package line, so a package does not use itself by naming itself. */
  private static int codeStart(String code) {
    Matcher pkg = PACKAGE.matcher(code);
    return pkg.find() ? pkg.end() : 0;
  }
}
