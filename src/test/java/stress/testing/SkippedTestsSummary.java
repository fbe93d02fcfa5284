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
 *
 * <p>The count is Surefire's: a disabled class counts each of its tests, and a class whose own assumption failed
 * (in {@code @BeforeAll}) counts none, since Surefire reports it as a class that ran no test. Those classes are
 * listed apart, with the tests that did not run, so that what Surefire leaves out of its total is still said.
 */
public final class SkippedTestsSummary implements TestExecutionListener {
  /** Reason to the tests Surefire counts as skipped for it, in the order first seen. */
  private final Map<String, List<Skip>> skipped = new LinkedHashMap<>();
  /** Reason to the classes whose own assumption failed: their tests did not run and Surefire does not count them. */
  private final Map<String, List<Skip>> notCounted = new LinkedHashMap<>();
  private final PrintStream out;
  private TestPlan plan;

  /** One skipped test, or a class ({@code container}) with the number of its tests. */
  private record Skip(String name, long tests, boolean container) {}

  /** Prints to standard output (what the service loader makes). */
  public SkippedTestsSummary() {
    this(null);
  }

  /** Prints to {@code out}; null is standard output as it is when the tests end. */
  SkippedTestsSummary(PrintStream out) {
    this.out = out;
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    plan = testPlan;
  }

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    // Surefire counts a skipped container (a disabled class) as the tests it holds
    add(skipped, test, reason, test.isTest() ? 1 : Math.max(1, testsIn(test)));
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      String reason = result.getThrowable().map(t -> t.getMessage() != null ? t.getMessage() : t.toString())
          .orElse("aborted");
      if (test.isTest()) {
        add(skipped, test, reason, 1);
      } else {
        add(notCounted, test, reason, testsIn(test));
      }
    }
  }

  /** The tests a container holds as the plan knows them (tests made while running are not known in advance). */
  private long testsIn(TestIdentifier container) {
    return plan == null ? 0 : plan.getDescendants(container).stream().filter(TestIdentifier::isTest).count();
  }

  private synchronized void add(Map<String, List<Skip>> into, TestIdentifier test, String reason, long tests) {
    String why = reason == null || reason.isBlank() ? "no reason given" : reason.strip();
    // "Assumption failed: " is JUnit's prefix for a failed assumeTrue/assumeFalse; the reason follows it
    why = why.replaceFirst("^Assumption failed: ", "").replace('\n', ' ');
    into.computeIfAbsent(why, k -> new ArrayList<>()).add(new Skip(name(test), tests, test.isContainer()));
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
    if (skipped.isEmpty() && notCounted.isEmpty()) {
      return;
    }
    StringBuilder b = new StringBuilder();
    if (!skipped.isEmpty()) {
      b.append("[WARNING] Skipped tests: ").append(total(skipped)).append(", by reason:\n");
      list(b, skipped);
    }
    if (!notCounted.isEmpty()) {
      b.append("[WARNING] Not run and not in Surefire's count (the class's own assumption failed): ")
          .append(total(notCounted)).append(tests(total(notCounted))).append(", by reason:\n");
      list(b, notCounted);
    }
    PrintStream to = out == null ? System.out : out;
    to.print(b);
    to.flush();
  }

  private static long total(Map<String, List<Skip>> skips) {
    return skips.values().stream().flatMap(List::stream).mapToLong(Skip::tests).sum();
  }

  private static void list(StringBuilder b, Map<String, List<Skip>> skips) {
    skips.forEach((reason, entries) -> {
      long n = entries.stream().mapToLong(Skip::tests).sum();
      b.append("[WARNING]   ").append(reason).append(" (").append(n).append(tests(n)).append(")\n");
      for (Skip s : entries) {
        b.append("[WARNING]     - ").append(s.name());
        if (s.container()) {
          b.append(" (").append(s.tests()).append(tests(s.tests())).append(')');
        }
        b.append('\n');
      }
    });
  }

  private static String tests(long n) {
    return n == 1 ? " test" : " tests";
  }
}
