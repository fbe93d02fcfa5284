package stress.app.setup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import stress.config.Durations;
import stress.config.RunConfig;
import stress.config.SettingChoice;
import stress.connect.PoolSettings;
import stress.model.StatementMode;
import stress.table.DocumentTable;
import stress.server.settings.KnownSetting;
import stress.keys.KeyChooser;

/**
 * Every setting of a run as the header prints it and the result file keeps it ({@code settings} of
 * {@code result.json}): names and values in the order shown, a null value left out of the header.
 */
public final class RunSettingsReport {
  /** The setting naming the run that several instances share ({@code --run-id}). */
  static final String RUN_ID = "run id";
  /** The setting naming this process's instance of several ({@code --instance i/N}). */
  static final String INSTANCE = "instance";

  private RunSettingsReport() {}

  public static Map<String, Object> of(RunConfig config, ChosenDatabase database, List<String> sampledValues, DocumentTable table,
                                       KeyChooser keys, List<stress.ops.Operation> operations) {
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("operations", config.mix().toString());
    s.put("workload file", config.workload() == null ? null : config.workload().file().toString());
    s.put("sampled values", sampledValues.isEmpty() ? null : String.join("; ", sampledValues));
    s.put("table", table.displayName());
    s.put("id type", table.idType().sql());
    s.put("keys", keys == null ? noKeysRead(operations) : keys.describe());
    s.put("threads", config.threads());
    s.put("jvm", JvmInfo.describe());
    s.put("statement modes", config.modes().stream().map(StatementMode::label).toList());
    s.put("pools", config.pools());
    s.put("pool size", config.poolSize() == null ? "= threads" : config.poolSize());
    s.put("c3p0 maxStatements", config.c3p0MaxStatements());
    if (config.pools().contains("c3p0")) {
      s.put("c3p0", PoolSettings.c3p0CheckoutCost(config.c3p0MaxStatements()));
    }
    s.put("duration", config.duration() == null ? null : Durations.format(config.duration()));
    s.put("ops per phase", config.ops() == 0 ? null : config.ops());
    s.put("warmup", Durations.format(config.warmup()));
    s.put("report interval", Durations.format(config.reportInterval()));
    s.put("rate", config.rate() == 0 ? "unlimited" : config.rate());
    s.put("transaction", config.transaction() ? "one per execution" : "autocommit");
    s.put("batch", config.operationSettings().batch());
    s.put("find limit", config.operationSettings().limitMin() + ".." + config.operationSettings().limitMax());
    s.put("fetch size", config.operationSettings().fetchSize());
    s.put("seed", config.seed());
    if (config.fleet() != null) {
      s.put(RUN_ID, config.fleet().runId());
    }
    if (config.inserts().instance().count() > 1) {
      s.put(INSTANCE, config.inserts().instance().number() + "/" + config.inserts().instance().count());
    }
    if (config.rounds() > 1) {
      s.put("rounds", config.rounds() + " (every phase once per round, interleaved, the order changed between rounds"
          + " from the seed; each phase with its own warm-up)");
    }
    s.put("worker threads", config.workerThreads().describe() + " (Java "
        + Runtime.version().feature() + ")");
    s.put("statement timeout", Durations.format(config.timeouts().statement()));
    s.put("retries", config.failures().retries() == 0 ? "none" : config.failures().retries()
        + " (after 40001/40P01, idempotent operations only)");
    double maxErrorRate = config.failures().maxErrorRate();
    s.put("max error rate", maxErrorRate == 0 ? "0 (any failed execution exits 1)"
        : maxErrorRate + " (exit 0 while failed / all executions stay at or below it)");
    if (config.failures().maxErrors() > 0) {
      s.put("max errors", config.failures().maxErrors() + " (the run stops once that many executions failed; exit 1)");
    }
    s.put("server", switch (database.embedded()) {
      case FOR_THIS_COMMAND -> "embedded PostgreSQL (started for this run)";
      case KEPT -> "embedded PostgreSQL (kept between commands)";
      case NONE -> "given by the user";
    });
    s.put("connection", new LinkedHashMap<>(withoutPassword(database.spec().describe())));
    List<Map<String, String>> sets = new ArrayList<>();
    for (SettingChoice c : config.settings()) {
      Map<String, String> set = new LinkedHashMap<>();
      set.put("name", c.name());
      set.put("values", String.join(",", c.values()));
      KnownSetting.byName(c.name()).ifPresent(k -> set.put("about", k.why()));
      sets.add(set);
    }
    s.put("session settings", sets);
    return s;
  }

  /** The run's header: the target's lines, then every setting given a value but {@code leftOut} (printed apart). */
  public static void print(java.io.PrintStream out, stress.server.TargetInfo target, Map<String, Object> settings,
                           String leftOut) {
    target.describeLines().forEach(out::println);
    settings.forEach((k, v) -> {
      if (v != null && !k.equals(leftOut) && !(v instanceof List<?> l && l.isEmpty())) {
        out.println(k + ": " + v);
      }
    });
  }

  /** Spread: each host, and the pool size per host; a multi-host URL not spread: that pgjdbc picks the host. */
  public static void describeHosts(Map<String, Object> settings, ChosenDatabase database, SpreadHosts spread) {
    if (spread != null) {
      settings.put("hosts (thread i on host i mod " + spread.names().size() + ")", spread.describe());
      settings.put("pool size", spread.poolSizeWords());
      return;
    }
    List<String> hosts = database.spec().servers();
    if (hosts.size() > 1) {
      settings.put("hosts", SpreadHosts.notSpread(hosts));
    }
  }

  private static Map<String, String> withoutPassword(Map<String, String> described) {
    Map<String, String> m = new LinkedHashMap<>(described);
    m.keySet().removeIf(k -> k.toLowerCase(Locale.ROOT).contains("password"));
    return m;
  }

  /**
   * Why a run read no keys: its operations only insert new rows, or none of them picks an existing {@code _id} (a
   * workload file's operations draw their values from their own parameters), naming them.
   */
  private static String noKeysRead(List<stress.ops.Operation> operations) {
    List<String> others = operations.stream().filter(op -> !op.insertsNewKeys()).map(stress.ops.Operation::name)
        .toList();
    if (others.isEmpty()) {
      return "none read (the operations only insert new rows)";
    }
    return "none read (no operation picks an existing _id: " + String.join(", ", others)
        + (others.size() == 1 ? " draws its values from its own parameters)"
        : " draw their values from their own parameters)");
  }
}
