package stress.cli;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * One line for an argument picocli could not match: an unknown option with the nearest ones of its command
 * ({@code run --thread} → {@code --threads}), or, where a command is expected, an unknown command with the commands.
 */
final class Suggestions {
  private static final int SHOWN = 3;

  private Suggestions() {}

  /** The line, or null when the argument is neither an option nor a command name (picocli's message stays). */
  static String describe(UnmatchedArgumentException e) {
    CommandSpec spec = e.getCommandLine().getCommandSpec();
    String where = spec.parent() == null ? "" : spec.name() + ": ";
    List<String> unmatched = e.getUnmatched();
    String option = unmatched.stream().filter(a -> a.startsWith("-") && a.length() > 1).findFirst().orElse(null);
    if (option != null) {
      String typed = option.contains("=") ? option.substring(0, option.indexOf('=')) : option;
      List<String> near = nearest(typed, spec.options().stream().filter(o -> !o.hidden())
          .flatMap(o -> List.of(o.names()).stream()).filter(n -> n.startsWith("--")).toList());
      return where + "unknown option '" + typed + "'; " + (near.isEmpty()
          ? "see 'stress help" + (spec.parent() == null ? "" : " " + spec.name()) + "' for the options"
          : "did you mean " + String.join(" or ", near) + "?");
    }
    String first = unmatched.isEmpty() ? "" : unmatched.get(0);
    if (spec.parent() == null && !spec.subcommands().isEmpty() && first.matches("\\p{L}[\\p{L}\\p{N}_-]*")) {
      List<String> near = nearest(first, spec.subcommands().keySet());
      return "unknown command '" + first + "'" + (near.isEmpty() ? "" : " (did you mean " + String.join(" or ", near)
          + "?)") + "; the commands are " + String.join(", ", spec.subcommands().keySet());
    }
    return null;
  }

  /** The names within a small edit distance of the typed one, or that it is a prefix of, nearest first. */
  static List<String> nearest(String typed, Collection<String> names) {
    String t = typed.toLowerCase(Locale.ROOT);
    String bare = t.replaceFirst("^-+", "");
    int allowed = Math.max(1, Math.min(3, bare.length() / 3));
    return names.stream().distinct()
        .filter(n -> distance(t, n.toLowerCase(Locale.ROOT)) <= allowed
            || bare.length() >= 3 && n.toLowerCase(Locale.ROOT).replaceFirst("^-+", "").startsWith(bare))
        .sorted(Comparator.comparingInt((String n) -> distance(t, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n))
        .limit(SHOWN).toList();
  }

  /** Edit distance with a swap of two neighbouring letters as one edit ({@code hlep} is 1 from {@code help}). */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
