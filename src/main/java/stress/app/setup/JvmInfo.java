package stress.app.setup;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import stress.report.ClientUsageText;

/** The JVM a run measures with, for its header and result: version, collectors, heap limit, options and their origin. */
final class JvmInfo {
  private JvmInfo() {}

  /**
   * E.g. {@code 17.0.15, collectors Copy + MarkSweepCompact, max heap 5827 MB, options -XX:+UseSerialGC -Xms64m (...)};
   * the heap in the unit of the summary's {@code heap peak 94 MB of 5827 MB}.
   */
  static String describe() {
    List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
    String collectors = String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).toList());
    long max = Runtime.getRuntime().maxMemory();
    String text = Runtime.version() + ", collectors " + collectors + ", max heap "
        + (max == Long.MAX_VALUE ? "unlimited" : ClientUsageText.megabytes(max))
        + ", options " + (options.isEmpty() ? "none" : String.join(" ", options));
    if ("applied".equals(System.getenv("STRESS_JVM_DEFAULTS"))) {
      text += " (stress's defaults for a run: any JVM option of yours, or STRESS_JVM_DEFAULTS=off, replaces them)";
    }
    return text;
  }
}
