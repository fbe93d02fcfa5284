package stress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import stress.model.UsageException;

/** {@code --slo} objectives as given, and each mistake named in one line. */
class LatencyObjectiveTest {
  @Test
  void objectivesAreParsedWithTheirUnits() {
    List<LatencyObjective> o = LatencyObjective.parse("--slo", "p99<=20ms, p999 <= 0.1s,p50<=500us,errors<=0.1%");
    assertEquals(List.of(new LatencyObjective("p99", 20), new LatencyObjective("p999", 100),
        new LatencyObjective("p50", 0.5), new LatencyObjective("errors", 0.001)), o);
    assertEquals("p99<=20ms", o.get(0).describe());
    assertEquals("errors<=0.1%", o.get(3).describe());
  }

  @Test
  void mistakesAreNamed() {
    assertEquals("--slo 'p98<=20ms': no figure p98 (figures: p50, p90, p95, p99, p999, errors)",
        assertThrows(UsageException.class, () -> LatencyObjective.parse("--slo", "p98<=20ms")).getMessage());
    assertEquals("--slo 'p99<=20': a latency limit needs its unit (ms, s or us), e.g. p99<=20ms",
        assertThrows(UsageException.class, () -> LatencyObjective.parse("--slo", "p99<=20")).getMessage());
    assertEquals("--slo names p99 twice: p99<=20ms,p99<=30ms",
        assertThrows(UsageException.class, () -> LatencyObjective.parse("--slo", "p99<=20ms,p99<=30ms")).getMessage());
    assertEquals("--slo 'p99<20ms': an objective is FIGURE<=LIMIT, e.g. p99<=20ms or errors<=0.1% (figures: p50, p90,"
        + " p95, p99, p999, errors)",
        assertThrows(UsageException.class, () -> LatencyObjective.parse("--slo", "p99<20ms")).getMessage());
    assertEquals("--slo 'errors<=1': an error objective is a share in %, e.g. errors<=0.1%",
        assertThrows(UsageException.class, () -> LatencyObjective.parse("--slo", "errors<=1")).getMessage());
  }
}
