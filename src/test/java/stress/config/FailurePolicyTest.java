package stress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FailurePolicyTest {
  @Test
  void theDefaultToleratesNoFailure() {
    assertTrue(FailurePolicy.DEFAULT.tolerates(0, 1000));
    assertFalse(FailurePolicy.DEFAULT.tolerates(1, 1_000_000));
  }

  @Test
  void theRateIsErrorsOverAllExecutionsInclusive() {
    FailurePolicy onePercent = new FailurePolicy(0, 0.01);
    assertTrue(onePercent.tolerates(10, 990), "exactly 1%");
    assertFalse(onePercent.tolerates(11, 989));
    assertTrue(new FailurePolicy(0, 1).tolerates(5, 0), "1 tolerates everything");
  }

  @Test
  void badValuesNameTheOptionAndTheRule() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FailurePolicy(-1, 1.5));
    assertEquals("--retries must be 0 or more, got -1; --max-error-rate must be a fraction between 0 and 1"
        + " (0.01 = 1% of executions may fail), got 1.5", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new FailurePolicy(0, Double.NaN));
  }
}
