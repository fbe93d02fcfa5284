package stress.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * Which JVM options a run gets when its user chose none. The JVM's own defaults suit a server, not a load
 * generator on a few cores: G1 grows the heap towards a quarter of the machine's memory when many threads
 * allocate (80 threads of {@code find} reached 869 MB RSS on Java 17) and its concurrent threads take CPU from
 * the workers and the database.
 *
 * <p>Up to Java 23 a run gets the serial collector with a small initial heap: it stays near the live data, which
 * a load run keeps small, and grows (up to the JVM's usual limit) only when it must, so a large key sample or many
 * histograms still fit. From Java 24 on the serial collector no longer collects its old generation before the heap
 * has grown to its limit (80 threads of {@code find} on Java 25: 1.4 GB RSS after 15 s, still growing), so a run
 * gets G1 told that collecting may take up to a third of the time before the heap grows ({@code GCTimeRatio=2}):
 * about 400 MB RSS for the same run, with the serial collector's CPU per operation (bench/README.md).
 *
 * <p>Decided once, in the launching process: only for a run ({@code stress run} or {@code stress} without a
 * command), only when the JVM was started without any option of the user's (none on the command line, no
 * {@code JAVA_TOOL_OPTIONS}, {@code JDK_JAVA_OPTIONS} or {@code _JAVA_OPTIONS}), only from the jar, and not when
 * {@code STRESS_JVM_DEFAULTS=off}. Any option of the user's means the user chose, and nothing is added.
 */
final class JvmDefaults {
  /** The options a run gets up to Java {@link #LAST_SERIAL_JAVA}. */
  static final List<String> SERIAL = List.of("-XX:+UseSerialGC", "-Xms64m");
  /** The options a run gets on later Java versions. */
  static final List<String> G1 = List.of("-XX:+UseG1GC", "-Xms64m", "-XX:GCTimeRatio=2",
      // Netty (under --event-loops) reads memory through sun.misc.Unsafe as it does on every Java: from Java 24 on
      // the JVM warns on stderr the first time, four lines a run; this keeps Java 23's allowing it without a word
      "--sun-misc-unsafe-memory-access=allow");
  /** The last Java feature version whose serial collector collects the old generation before the heap is full. */
  static final int LAST_SERIAL_JAVA = 23;
  /** Set to {@code off} to run in the launching JVM as it was started. */
  static final String SWITCH = "STRESS_JVM_DEFAULTS";
  /** The value of {@link #SWITCH} in the child's environment: its options are these defaults. */
  static final String APPLIED = "applied";
  /** Variables through which the JVM takes options; any of them set means the user chose. */
  static final List<String> OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  private JvmDefaults() {}

  /** The options a run gets on Java {@code javaFeature} ({@code Runtime.version().feature()}). */
  static List<String> options(int javaFeature) {
    return javaFeature <= LAST_SERIAL_JAVA ? SERIAL : G1;
  }

  /**
   * The command that runs the same arguments in a JVM with {@link #options}, or empty when this JVM should run
   * them itself.
   *
   * @param javaFeature  the feature version of this JVM, which the child runs on too
   * @param jvmArguments the options this JVM was started with ({@code RuntimeMXBean.getInputArguments()})
   * @param environment  this process's environment
   * @param java         the java executable of this JVM, or null when not known
   * @param jar          the jar this JVM runs ({@code java -jar}), or null when started otherwise
   * @param isRun        whether the arguments ask for a run (and not for help or the version); asked last, as it
   *                     parses the command line (a third of a second of CPU that a JVM with options, such as the
   *                     child, need not spend)
   * @param args         the command-line arguments
   */
  static Optional<List<String>> relaunch(int javaFeature, List<String> jvmArguments, Map<String, String> environment,
                                         String java, String jar, BooleanSupplier isRun, List<String> args) {
    if (java == null || jar == null || !jvmArguments.isEmpty()
        || "off".equalsIgnoreCase(environment.getOrDefault(SWITCH, "").strip())) {
      return Optional.empty();
    }
    for (String variable : OPTION_VARIABLES) {
      if (!environment.getOrDefault(variable, "").isBlank()) {
        return Optional.empty();
      }
    }
    if (!isRun.getAsBoolean()) {
      return Optional.empty();
    }
    List<String> command = new ArrayList<>();
    command.add(java);
    command.addAll(options(javaFeature));
    command.add("-jar");
    command.add(jar);
    command.addAll(args);
    return Optional.of(command);
  }
}
