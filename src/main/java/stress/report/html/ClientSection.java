package stress.report.html;

import static stress.report.Decimals.millis;
import static stress.report.Decimals.oneDecimal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import stress.metrics.ClientUsage;
import stress.report.ClientUsageText;
import stress.report.PhaseResult;

/**
 * What the load process itself spent in each phase (CPU, GC, memory), and, first, a sentence for every phase
 * whose client was the bottleneck: its figures describe the client as much as the server.
 */
final class ClientSection {
  static final String ID = "client";

  private ClientSection() {}

  static Section of(List<NamedResult> runs) {
    boolean overlay = runs.size() > 1;
    List<String> headers = new ArrayList<>(List.of("phase", "CPU s", "user s", "system s", "share of cores", "cores",
        "CPU µs per execution", "JIT share", "busy-poll s (not counted)", "GC count", "GC ms", "GC share",
        "peak RSS MB", "heap peak MB", "heap limit MB", "host CPUs busy", "bottleneck"));
    if (overlay) {
      headers.add(0, "run");
    }
    List<List<String>> rows = new ArrayList<>();
    List<String> headlines = new ArrayList<>();
    boolean anyBound = false;
    for (NamedResult run : runs) {
      for (PhaseResult phase : run.result().phases()) {
        ClientUsage u = phase.client();
        if (u == null) {
          continue;
        }
        String label = overlay ? run.name() + " · " + phase.label() : phase.label();
        if (u.clientBound()) {
          anyBound = true;
          headlines.add(label + ": " + (u.onlySharesCpusWithServer() ? ClientUsageText.headline(u)
              : "the client was the bottleneck") + " (" + u.bottleneck() + "); "
              + ClientUsageText.advice(u) + ".");
        }
        if (u.stillCompiling()) {
          headlines.add(label + ": " + ClientUsageText.stillCompiling(u) + "; " + ClientUsageText.WARMUP_ADVICE + ".");
        }
        List<String> row = new ArrayList<>(List.of(phase.label(), oneDecimal(u.cpuSeconds()), seconds(u.userSeconds()),
            seconds(u.systemSeconds()), percent(u.cpuShare()), Integer.toString(u.cores()),
            oneDecimal(u.cpuMicrosPerOperation()), u.jitShare() == null ? "" : percent(u.jitShare()),
            seconds(u.spinSeconds()),
            Long.toString(u.gcCount()), millis(u.gcSeconds() * 1000), percent(u.gcShare()),
            u.peakRssBytes() == null ? "" : megabytes(u.peakRssBytes()),
            megabytes(u.peakHeapBytes()), u.maxHeapBytes() > 0 ? megabytes(u.maxHeapBytes()) : "", host(u),
            u.clientBound() ? u.bottleneck() : ""));
        if (overlay) {
          row.add(0, run.name());
        }
        rows.add(row);
      }
    }
    if (rows.isEmpty()) {
      return new Section(ID, "Client cost", "Not measured: these results were written before the tool measured its"
          + " own CPU and memory.", List.of(), List.of());
    }
    if (!anyBound) {
      headlines.add(0, "The client was not the bottleneck in any phase (CPU at most "
          + Math.round(ClientUsage.CPU_LIMIT * 100) + "% of its cores, GC at most "
          + Math.round(ClientUsage.GC_LIMIT * 100) + "% of the time).");
    }
    return new Section(ID, "Client cost",
        "What the load process itself spent while each phase was measured: CPU of all its threads (workers, JIT, GC),"
            + " CPU per execution, the JIT compiler's share of it, garbage collection and memory. Above "
            + Math.round(ClientUsage.CPU_LIMIT * 100) + "% of its cores or " + Math.round(ClientUsage.GC_LIMIT * 100)
            + "% of the time in GC the client, not the server, limited the figures; so did a client that took CPU from"
            + " a server on its own busy host. A JIT share above " + Math.round(ClientUsage.JIT_LIMIT * 100)
            + "% means the client was still warming up.",
        headlines, List.of(), List.of(new DataTable(headers, rows)), false);
  }

  /** The host's busy share of its CPUs, and whether a server shares them; empty where not known. */
  private static String host(ClientUsage u) {
    return u.host() == null ? "" : percent(u.host().cpuShare()) + " of " + u.host().cpus()
        + (u.host().serverOnThisHost() ? ", server on this host" : "");
  }

  /**
   * Whether the client of any of these phases passes {@code test}, e.g. {@link ClientUsage#clientBound} or
   * {@link ClientUsage#stillCompiling}; phases without client figures do not.
   */
  static boolean anyClient(List<PhaseResult> phases, Predicate<ClientUsage> test) {
    return phases.stream().anyMatch(p -> p.client() != null && test.test(p.client()));
  }

  private static String seconds(Double value) {
    return value == null ? "" : oneDecimal(value);
  }

  private static String percent(double share) {
    return oneDecimal(share * 100) + "%";
  }

  private static String megabytes(long bytes) {
    return Long.toString(Math.round(bytes / (1024.0 * 1024.0)));
  }
}
