package stress.cli;

import java.util.HashSet;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code stress run -help}, a Java habit, parses as {@code -h elp}: a host named "elp", and the command tries to
 * connect. A single-dash word that is a long option's name with one dash too few is refused before anything runs.
 */
final class SingleDashWords {
  private SingleDashWords() {}

  /** The one line refusing the first such word of {@code args}, or null when there is none. */
  static String refusal(CommandLine root, String... args) {
    Set<String> longNames = new HashSet<>();
    collect(root, longNames);
    for (String arg : args) {
      if (arg.equals("--")) {
        return null; // what follows is positional
      }
      if (arg.length() > 2 && arg.charAt(0) == '-' && arg.charAt(1) != '-' && longNames.contains("-" + arg)) {
        String host = arg.startsWith("-h") ? "; -h is the host, as in libpq: " + arg + " would be the host '"
            + arg.substring(2) + "'" : "";
        return arg + " has one dash: long options take two (-" + arg + ")" + host;
      }
    }
    return null;
  }

  private static void collect(CommandLine command, Set<String> longNames) {
    for (OptionSpec option : command.getCommandSpec().options()) {
      for (String name : option.names()) {
        if (name.startsWith("--")) {
          longNames.add(name);
        }
      }
    }
    command.getSubcommands().values().forEach(sub -> collect(sub, longNames));
  }
}
