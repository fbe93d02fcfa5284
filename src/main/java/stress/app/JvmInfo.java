package stress.app;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/** The JVM a run measures with, for its header and result: version, collectors, heap limit, options and their origin. */
final class JvmInfo {
  private JvmInfo() {}

  /** E.g. {@code 17.0.15, collectors Copy + MarkSweepCompact, max heap 5.8 GB, options -XX:+UseSerialGC -Xms64m (...)}. */
  static String describe() {
    List<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments();
    String collectors = String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).toList());
    long max = Runtime.getRuntime().maxMemory();
    String text = Runtime.version() + ", collectors " + collectors + ", max heap "
        + (max == Long.MAX_VALUE ? "unlimited" : String.format(java.util.Locale.ROOT, "%.1f GB", max / 1e9))
        + ", options " + (options.isEmpty() ? "none" : String.join(" ", options));
    if ("applied".equals(System.getenv("STRESS_JVM_DEFAULTS"))) {
      text += " (stress's defaults for a run: any JVM option of yours, or STRESS_JVM_DEFAULTS=off, replaces them)";
    }
    return text;
  }
}
