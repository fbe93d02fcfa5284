package stress.cli;

import java.util.List;
import picocli.CommandLine.Option;
import stress.model.UsageException;
import stress.model.WorkerThreadChoice;
import stress.model.WorkerThreadPolicy;

/** How a run's workers run: on platform or virtual threads, or as connections of an event-loop client. */
final class WorkerArgs {
  @Option(names = "--virtual-threads", arity = "0..1", fallbackValue = "yes", paramLabel = "yes|no",
      description = "Workers on virtual threads (Java 21+): a few OS threads wait on all connections, like pgbench -j. "
          + "Default: from Java 24 on, yes in phases of more than 4 threads per processor (2 or more processors), else no.")
  String virtualThreads;

  @Option(names = "--event-loops", paramLabel = "N",
      description = "Run the workers as connections of an event-loop client (vertx-pg-client) served by N OS threads,"
          + " as pgbench -j does, instead of a thread per connection: far less client CPU per lookup. find_first"
          + " and --pool none only, on one server: not with --hosts or --spread-hosts, --rate, --transaction,"
          + " --prepare-threshold or --query-mode. Default: off.")
  Integer eventLoops;

  @Option(names = "--busy-poll",
      description = "The event loops (--event-loops) poll their sockets without sleeping: the server no longer wakes"
          + " the client at every reply, which saves it CPU per lookup, and each loop keeps a CPU busy. Only for a"
          + " client with CPUs of its own (pinned, or another host); the CPU spent polling is left out of the client's"
          + " CPU per operation and shown apart. Linux only. Default: off.")
  boolean busyPoll;

  /** The validated policy; a problem is added to {@code problems} (null is returned then). */
  WorkerThreadPolicy policy(List<String> problems) {
    return RunArgs.attempt(problems, () -> workerThreads(eventLoops, busyPoll,
        yesOrNo("--virtual-threads", virtualThreads)));
  }

  private static WorkerThreadPolicy workerThreads(Integer eventLoops, boolean busyPoll, Boolean virtual) {
    if (eventLoops == null) {
      if (busyPoll) {
        throw new UsageException("--busy-poll needs --event-loops N: only the event loops poll, a worker thread waits"
            + " in pgjdbc's socket read");
      }
      return WorkerThreadChoice.policy(virtual);
    }
    if (virtual != null) {
      throw new UsageException("give --event-loops or --virtual-threads, not both: event-loop workers have no thread"
          + " of their own");
    }
    if (eventLoops < 1) {
      throw new UsageException("--event-loops must be at least 1 (the OS threads that serve the connections), got "
          + eventLoops);
    }
    return WorkerThreadPolicy.eventLoop(eventLoops, busyPoll);
  }

  /** null for null (the default), else true for yes and false for no; anything else is refused. */
  private static Boolean yesOrNo(String option, String value) {
    if (value == null) {
      return null;
    }
    return switch (value.trim()) {
      case "yes" -> true;
      case "no" -> false;
      default -> throw new UsageException(option + " takes yes or no, got '" + value + "'");
    };
  }
}
