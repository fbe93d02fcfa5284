package stress.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which JVM options a run gets when its user chose none. The JVM's own defaults suit a server, not a load
 * generator on a few cores: G1 grows the heap towards a quarter of the machine's memory when many threads
 * allocate (80 threads of {@code find} reached 869 MB RSS) and its concurrent threads take CPU from the
 * workers and the database. The serial collector with a small initial heap stays near the live data, which a
 * load run keeps small, and grows (up to the JVM's usual limit) only when it must, so a large key sample or many
 * histograms still fit.
 *
 * <p>Decided once, in the launching process: only for a run ({@code stress run} or {@code stress} without a
 * command), only when the JVM was started without any option of the user's (none on the command line, no
 * {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS} or {@code _JAVA_OPTIONS}), only from the jar, and not when
 * {@code STRESS_JVM_DEFAULTS=off}. Any option of the user's means the user chose, and nothing is added.
 */
final class JvmDefaults {
  /** The options a run gets. */
  static final List<String> OPTIONS = List.of("-XX:+UseSerialGC", "-Xms64m");
  /** Set to {@code off} to run in the launching JVM as it was started. */
  static final String SWITCH = "STRESS_JVM_DEFAULTS";
  /** The value of {@link #SWITCH} in the child's environment: its options are these defaults. */
  static final String APPLIED = "applied";
  /** Variables through which the JVM takes options; any of them set means the user chose. */
  static final List<String> OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  private JvmDefaults() {}

  /**
   * The command that runs the same arguments in a JVM with {@link #OPTIONS}, or empty when this JVM should run
   * them itself.
   *
   * @param jvmArguments the options this JVM was started with ({@code RuntimeMXBean.getInputArguments()})
   * @param environment  this process's environment
   * @param java         the java executable of this JVM, or null when not known
   * @param jar          the jar this JVM runs ({@code java -jar}), or null when started otherwise
   * @param isRun        whether the arguments ask for a run (and not for help or the version)
   * @param args         the command-line arguments
   */
  static Optional<List<String>> relaunch(List<String> jvmArguments, Map<String, String> environment, String java,
                                         String jar, boolean isRun, List<String> args) {
    if (!isRun || java == null || jar == null || !jvmArguments.isEmpty()
        || "off".equalsIgnoreCase(environment.getOrDefault(SWITCH, "").strip())) {
      return Optional.empty();
    }
    for (String variable : OPTION_VARIABLES) {
      if (!environment.getOrDefault(variable, "").isBlank()) {
        return Optional.empty();
      }
    }
    List<String> command = new ArrayList<>();
    command.add(java);
    command.addAll(OPTIONS);
    command.add("-jar");
    command.add(jar);
    command.addAll(args);
    return Optional.of(command);
  }
}
