package stress.config;

import java.util.Objects;
import stress.workload.Application;

/**
 * {@code run --workload DIR}: the application's collections run together in one phase.
 *
 * @param application the collections, their tables and their operations
 * @param skipMissing true to run the others when a collection's table is missing ({@code --skip-missing}), false to
 *                    refuse the run before any load
 * @param logRate     true for {@code --rate log}: the run's rate is the application's logged rate, of the collections
 *                    that run
 */
public record ApplicationRun(Application application, boolean skipMissing, boolean logRate) {
  public ApplicationRun {
    Objects.requireNonNull(application, "application");
  }
}
