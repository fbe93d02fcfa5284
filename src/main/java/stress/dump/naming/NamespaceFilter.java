package stress.dump.naming;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import stress.model.UsageException;

/**
 * Which namespaces to read, by database and collection name. Each list holds glob patterns
 * ({@code *} any run of characters, {@code ?} one character, everything else literal, so a plain name
 * matches only itself). A namespace is read when its database matches some include pattern (or the
 * include list is empty) and no exclude pattern, and the same holds for its collection.
 *
 * @param includeDatabases database patterns to read (empty: all)
 * @param excludeDatabases database patterns to leave out
 * @param includeCollections collection patterns to read (empty: all)
 * @param excludeCollections collection patterns to leave out
 */
public record NamespaceFilter(List<String> includeDatabases, List<String> excludeDatabases,
                              List<String> includeCollections, List<String> excludeCollections) {
  private static final NamespaceFilter ALL = new NamespaceFilter(List.of(), List.of(), List.of(), List.of());

  public NamespaceFilter {
    includeDatabases = checked(includeDatabases, "includeDatabases");
    excludeDatabases = checked(excludeDatabases, "excludeDatabases");
    includeCollections = checked(includeCollections, "includeCollections");
    excludeCollections = checked(excludeCollections, "excludeCollections");
  }

  /** Reads every namespace. */
  public static NamespaceFilter all() {
    return ALL;
  }

  /** True when the namespace is to be read. */
  public boolean accepts(Namespace namespace) {
    return rejection(namespace) == null;
  }

  /** Why the namespace is left out (naming the pattern), or null when it is accepted. */
  public String rejection(Namespace namespace) {
    String why = rejection("database", namespace.database(), includeDatabases, excludeDatabases);
    return why != null ? why : rejection("collection", namespace.collection(), includeCollections, excludeCollections);
  }

  private static String rejection(String what, String name, List<String> include, List<String> exclude) {
    if (!include.isEmpty() && include.stream().noneMatch(p -> matches(p, name))) {
      return what + " '" + name + "' matches no include pattern " + include;
    }
    for (String pattern : exclude) {
      if (matches(pattern, name)) {
        return what + " '" + name + "' matches exclude pattern '" + pattern + "'";
      }
    }
    return null;
  }

  /** Glob match of the whole name: {@code *} any run, {@code ?} one character, the rest literal. */
  public static boolean matches(String glob, String name) {
    return toRegex(glob).matcher(name).matches();
  }

  private static Pattern toRegex(String glob) {
    StringBuilder regex = new StringBuilder();
    StringBuilder literal = new StringBuilder();
    for (char c : glob.toCharArray()) {
      if (c == '*' || c == '?') {
        if (literal.length() > 0) {
          regex.append(Pattern.quote(literal.toString()));
          literal.setLength(0);
        }
        regex.append(c == '*' ? ".*" : ".");
      } else {
        literal.append(c);
      }
    }
    if (literal.length() > 0) {
      regex.append(Pattern.quote(literal.toString()));
    }
    return Pattern.compile(regex.toString(), Pattern.DOTALL);
  }

  private static List<String> checked(List<String> patterns, String name) {
    Objects.requireNonNull(patterns, name);
    for (String pattern : patterns) {
      if (pattern == null || pattern.isEmpty()) {
        throw new UsageException(name + ": empty pattern in " + patterns
            + "; a pattern is a name, with * and ? as wildcards");
      }
    }
    return List.copyOf(patterns);
  }

  @Override
  public String toString() {
    return List.of(includeDatabases, excludeDatabases, includeCollections, excludeCollections).stream()
        .map(Object::toString).collect(Collectors.joining(" ", "NamespaceFilter[", "]"));
  }
}
