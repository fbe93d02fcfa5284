package stress.cli;

import java.util.Collection;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.UnmatchedArgumentException;
import stress.model.NearestNames;

/**
 * One line for an argument picocli could not match: an unknown option with the nearest ones of its command
 * ({@code run --thread} → {@code --threads}), or, where a command is expected, an unknown command with the commands.
 */
final class Suggestions {
  /**
   * For {@code --password}/{@code -W}: where the password comes from instead. The typed value is never repeated, as it
   * may be the password.
   */
  static final String PASSWORD_OPTION = "stress takes no password on the command line (it would show in process"
      + " lists and shell history): set PGPASSWORD or put a line host:port:database:user:password in ~/.pgpass"
      + " (or the file PGPASSFILE names), as psql reads them";

  private Suggestions() {}

  /** libpq's {@code -W} (ask for a password, here perhaps followed by it) and the long names people try. */
  private static boolean isPasswordOption(String typed) {
    return typed.equals("--password") || typed.equals("--pass") || typed.equals("--pwd")
        || typed.startsWith("-W") && !typed.startsWith("--");
  }

  /** The line, or null when the argument is neither an option nor a command name (picocli's message stays). */
  static String describe(UnmatchedArgumentException e) {
    CommandSpec spec = e.getCommandLine().getCommandSpec();
    String where = spec.parent() == null ? "" : spec.name() + ": ";
    List<String> unmatched = e.getUnmatched();
    if (unmatched.stream().map(a -> a.contains("=") ? a.substring(0, a.indexOf('=')) : a)
        .anyMatch(Suggestions::isPasswordOption)) {
      return where + PASSWORD_OPTION;
    }
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
    return NearestNames.of(typed, names);
  }
}
