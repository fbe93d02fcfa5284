package stress.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Knobs of the built-in operations.
 *
 * @param batch     keys per find_in statement (--batch)
 * @param limitMin  smallest LIMIT of find (--limit-min)
 * @param limitMax  largest LIMIT of find (--limit-max)
 * @param fetchSize rows fetched per round trip when streaming find results
 */
public record OperationSettings(int batch, int limitMin, int limitMax, int fetchSize) {

  public OperationSettings {
    List<String> problems = new ArrayList<>();
    if (batch < 1) {
      problems.add("--batch must be at least 1, got " + batch);
    }
    if (limitMin < 1) {
      problems.add("--limit-min must be at least 1, got " + limitMin);
    }
    if (limitMax < limitMin) {
      problems.add("--limit-max must be at least --limit-min (" + limitMin + "), got " + limitMax);
    }
    if (fetchSize < 1) {
      problems.add("fetch size must be at least 1, got " + fetchSize);
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }
}
