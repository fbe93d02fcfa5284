package stress.testing;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Prints, once the tests of a Maven phase (Surefire's or Failsafe's JVM) have run, every skipped test with its
 * reason: a failed assumption (no dump corpus, no Citus cluster, no Chromium, ...) or a disabled test. Surefire
 * counts skips on the console but keeps their reasons in the XML reports only. Registered through
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}, so the JUnit Platform loads it in
 * every test JVM without any setting.
 */
public final class SkippedTestsSummary implements TestExecutionListener {
  /** Reason to the tests skipped for it, in the order first seen. */
  private final Map<String, List<String>> skipped = new LinkedHashMap<>();
  private TestPlan plan;

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    add(test, reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      add(test, result.getThrowable().map(t -> t.getMessage() != null ? t.getMessage() : t.toString())
          .orElse("aborted"));
    }
  }

  private synchronized void add(TestIdentifier test, String reason) {
    String why = reason == null || reason.isBlank() ? "no reason given" : reason.strip();
    // "Assumption failed: " is JUnit's prefix for a failed assumeTrue/assumeFalse; the reason follows it
    why = why.replaceFirst("^Assumption failed: ", "").replace('\n', ' ');
    skipped.computeIfAbsent(why, k -> new ArrayList<>()).add(name(test));
  }

  private String name(TestIdentifier test) {
    if (test.getSource().orElse(null) instanceof MethodSource m) {
      String cls = m.getClassName().substring(m.getClassName().lastIndexOf('.') + 1);
      return cls + "." + m.getMethodName() + (test.getDisplayName().startsWith(m.getMethodName() + "(")
          ? "" : " " + test.getDisplayName());
    }
    Optional<TestIdentifier> parent = plan == null ? Optional.empty() : plan.getParent(test);
    return parent.map(p -> p.getDisplayName() + " > ").orElse("") + test.getDisplayName();
  }

  @Override
  public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
    if (skipped.isEmpty()) {
      return;
    }
    int count = skipped.values().stream().mapToInt(List::size).sum();
    PrintStream out = System.out;
    StringBuilder b = new StringBuilder();
    b.append("[WARNING] Skipped tests: ").append(count).append(", by reason:\n");
    skipped.forEach((reason, tests) -> {
      b.append("[WARNING]   ").append(reason).append(" (").append(tests.size()).append(tests.size() == 1 ? " test" : " tests")
          .append(")\n");
      for (String t : tests) {
        b.append("[WARNING]     - ").append(t).append('\n');
      }
    });
    out.print(b);
    out.flush();
  }
}
