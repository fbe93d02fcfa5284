package stress.config;

import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import stress.model.Instance;
import stress.model.UsageException;

/**
 * This process as one instance of a run of several that find each other through the target database
 * ({@code --run-id}): which run, which instance of how many, and how long a phase waits for the others.
 *
 * @param runId          the run's name, the same in every instance
 * @param instance       this process's index and the run's number of instances
 * @param barrierTimeout how long an instance waits at a phase's start for the others
 * @param heartbeat      how often it renews its heartbeat (an instance silent for three times that is lost)
 */
public record FleetSettings(String runId, Instance instance, Duration barrierTimeout, Duration heartbeat) {
  /** Set by Kubernetes in each pod of an Indexed Job: the pod's index, from 0. */
  public static final String JOB_INDEX = "JOB_COMPLETION_INDEX";
  private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  public FleetSettings {
    if (runId == null || !RUN_ID.matcher(runId).matches()) {
      throw new UsageException("--run-id must be 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or"
          + " digit, got '" + runId + "'");
    }
    if (barrierTimeout.isNegative() || barrierTimeout.isZero()) {
      throw new UsageException("--barrier-timeout must be more than 0, got " + barrierTimeout.toSeconds() + " s");
    }
    if (heartbeat.toMillis() < 100) {
      throw new UsageException("--heartbeat must be at least 100ms (a renewal is a statement on the target), got "
          + heartbeat.toMillis() + " ms");
    }
  }

  /**
   * The instance of a run: {@code --instance i/n} when given, else the pod's index of an Indexed Job + 1 of
   * {@code --instances N}.
   *
   * @param explicit  the {@code --instance} value when the user gave one, else null
   * @param instances {@code --instances}, or null
   */
  public static Instance instanceOf(String runId, String explicit, Integer instances, Map<String, String> env) {
    if (explicit != null) {
      Instance given = Instance.parse(explicit);
      if (instances != null && instances != given.count()) {
        throw new UsageException("--instance " + given + " says " + given.count() + " instances, --instances says "
            + instances);
      }
      return given;
    }
    String index = env.get(JOB_INDEX);
    if (index == null || instances == null) {
      throw new UsageException("run " + runId + ": which instance is this process? give --instance i/N, or run it"
          + " with --instances N as a pod of an Indexed Job (" + JOB_INDEX + ")");
    }
    try {
      return new Instance(Integer.parseInt(index.strip()) + 1, instances);
    } catch (NumberFormatException e) {
      throw new UsageException(JOB_INDEX + " must be a whole number (the pod's index, from 0), got '" + index + "'");
    }
  }
}
