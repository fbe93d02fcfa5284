package stress.app.setup;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import stress.config.Durations;
import stress.config.FleetSettings;
import stress.connect.PhysicalConnections;
import stress.fleet.FleetMember;

/** Registers a run's instance ({@code --run-id}) on the target before anything else, so a failure stops the others. */
public final class FleetJoin {
  private FleetJoin() {}

  /** The member, or null for a run alone. */
  public static FleetMember join(FleetSettings settings, ChosenDatabase database, PrintStream out) throws SQLException {
    if (settings == null) {
      return null;
    }
    Connection c = PhysicalConnections.open(database.spec());
    try {
      FleetMember member = FleetMember.join(c, settings.runId(), settings.instance().number(),
          settings.instance().count(), settings.barrierTimeout(), settings.heartbeat(), host(), out::println);
      out.println("run " + settings.runId() + ": instance " + settings.instance() + " registered on the target; "
          + member.clockLine() + "; each phase waits up to " + settings.barrierTimeout().toSeconds()
          + " s for the others; heartbeat every " + Durations.format(settings.heartbeat()) + ", lost after "
          + Durations.format(settings.heartbeat().multipliedBy(FleetMember.LEASES)) + " of silence");
      return member;
    } catch (SQLException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** The pod's name in Kubernetes (HOSTNAME), else this host's name. */
  static String host() {
    String pod = System.getenv("HOSTNAME");
    if (pod != null && !pod.isBlank()) {
      return pod;
    }
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "unknown host";
    }
  }
}
