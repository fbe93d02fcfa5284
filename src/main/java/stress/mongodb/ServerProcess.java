package stress.mongodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.model.UsageException;

/**
 * Which server process, or replica set, a connection reached, as the server says ({@code serverStatus}: host, pid,
 * when it started; {@code hello}: the replica set and its members), to refuse one server given twice under two
 * addresses that resolve apart: another address of the same machine, a proxy or tunnel in front of it. A server
 * that says nothing (a user not allowed {@code serverStatus}) is taken as distinct.
 *
 * @param host       the host name the server reports, or null
 * @param pid        its process id, or -1
 * @param process    the program ({@code mongod}, {@code mongos}, {@code ferretdb}), or null
 * @param startedAt  when the process started, epoch milliseconds (its clock less its uptime), or -1
 * @param replicaSet the replica set's name, or null outside one
 * @param members    the set's members as it lists them, lower case, sorted
 */
public record ServerProcess(String host, long pid, String process, long startedAt, String replicaSet,
                            List<String> members) {
  /** Two readings of one process start within this of each other (each is its clock less its rounded uptime). */
  private static final long SAME_START_MILLIS = 2_000;

  /** What {@code serverStatus} and {@code hello} say; either may be null (refused). */
  static ServerProcess of(BsonDocument serverStatus, BsonDocument hello) {
    String host = null;
    String process = null;
    long pid = -1;
    long startedAt = -1;
    if (serverStatus != null) {
      host = text(serverStatus.get("host"));
      process = text(serverStatus.get("process"));
      pid = number(serverStatus.get("pid"));
      BsonValue now = serverStatus.get("localTime");
      long uptime = number(serverStatus.get("uptimeMillis"));
      startedAt = now != null && now.isDateTime() && uptime >= 0 ? now.asDateTime().getValue() - uptime : -1;
    }
    String set = hello == null ? null : text(hello.get("setName"));
    List<String> members = new ArrayList<>();
    if (set != null && hello.get("hosts") != null && hello.get("hosts").isArray()) {
      hello.getArray("hosts").forEach(m -> members.add(text(m) == null ? "" : text(m).toLowerCase(Locale.ROOT)));
    }
    members.sort(null);
    return new ServerProcess(host, pid, process, startedAt, set, List.copyOf(members));
  }

  /** Asks the server; what it refuses is left unknown. */
  static ServerProcess read(MongoTarget target) {
    return of(tried(target, "serverStatus"), tried(target, "hello"));
  }

  private static BsonDocument tried(MongoTarget target, String command) {
    try {
      return target.command("admin", new BsonDocument(command, new org.bson.BsonInt32(1)));
    } catch (UsageException e) {
      return null; // refused: this reading says nothing
    }
  }

  /** How this and {@code other} are one server, e.g. {@code the same process: ferretdb pid 81 on host vm}; else null. */
  public String sameAs(ServerProcess other) {
    if (replicaSet != null && replicaSet.equals(other.replicaSet)
        && members.stream().anyMatch(other.members::contains)) {
      return "the same replica set " + replicaSet + " (members " + String.join(", ", members) + ")";
    }
    if (host != null && pid >= 0 && startedAt >= 0 && host.equalsIgnoreCase(other.host) && pid == other.pid
        && Math.abs(startedAt - other.startedAt) <= SAME_START_MILLIS) {
      return "the same process: " + (process == null ? "" : process + " ") + "pid " + pid + " on host " + host;
    }
    return null;
  }

  /**
   * Refuses two of {@code servers} that are one, before anything is measured (the addresses given were told apart,
   * the servers' own word was needed).
   */
  public static void refuseTwice(List<MongoTarget> servers) {
    List<ServerProcess> read = servers.stream().map(ServerProcess::read).toList();
    for (int i = 0; i < servers.size(); i++) {
      for (int j = 0; j < i; j++) {
        String same = read.get(j).sameAs(read.get(i));
        if (same != null) {
          throw new UsageException("--against " + servers.get(j).describe() + " and " + servers.get(i).describe()
              + " reach one server (" + same + "): each server is a target of its own, measured once per round;"
              + " give it once");
        }
      }
    }
  }

  private static String text(BsonValue v) {
    return v != null && v.isString() ? v.asString().getValue() : null;
  }

  private static long number(BsonValue v) {
    return v != null && v.isNumber() ? v.asNumber().longValue() : -1;
  }
}
