package stress.app.setup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.config.RunConfig;
import stress.config.ViaRoute;
import stress.connect.ConnectionSpec;
import stress.connect.PoolSettings;
import stress.model.StatementMode;
import stress.runner.PhaseSpec;
import stress.server.settings.InvalidSettingsException;
import stress.server.settings.SessionSetting;
import stress.server.settings.SessionSettingsPlan;
import stress.server.settings.SettingsCatalog;

/**
 * The phases of a run: one per combination of statement mode, pool, road ({@code --via}), thread count and session
 * settings, in that nesting order, each with its own connection (the base connection, the phase's settings, the statement timeout).
 */
public final class PhaseGrid {
  /** The combination's key naming its road of {@code --via}. */
  public static final String VIA = "via";

  private PhaseGrid() {}

  /**
   * How the target applies each combination of session settings; every setting it refuses, over all combinations,
   * in one {@link InvalidSettingsException}.
   */
  public static List<SessionSettingsPlan> planSettings(SettingsCatalog catalog, List<Map<String, String>> combos) {
    List<SessionSettingsPlan> plans = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (Map<String, String> combo : combos) {
      List<SessionSetting> requested = new ArrayList<>();
      combo.forEach((name, value) -> requested.add(new SessionSetting(name, value)));
      try {
        plans.add(catalog.plan(requested));
      } catch (InvalidSettingsException e) {
        e.problems().stream().filter(p -> !problems.contains(p)).forEach(problems::add);
      }
    }
    if (!problems.isEmpty()) {
      throw new InvalidSettingsException(problems);
    }
    return plans;
  }

  /** How many phases a round of {@link #phases} holds, without reading the server. */
  public static int count(RunConfig config) {
    return config.modes().size() * config.pools().size() * Math.max(1, config.vias().size()) * config.threads().size()
        * config.inserts().tablePerThread().size() * SettingCombinations.of(config.settings()).size();
  }

  /** The phases, {@code combos} and {@code plans} side by side (one plan per combination of settings). */
  public static List<PhaseSpec> phases(RunConfig config, ConnectionSpec base, List<Map<String, String>> combos,
                                       List<SessionSettingsPlan> plans) {
    List<PhaseSpec> phases = new ArrayList<>();
    List<ViaRoute> roads = roads(config);
    for (StatementMode mode : config.modes()) {
      for (String pool : config.pools()) {
        for (ViaRoute road : roads) {
          ConnectionSpec onRoad = road(base, road);
          for (int threads : config.threads()) {
            for (boolean ownTables : config.inserts().tablePerThread()) {
              for (int s = 0; s < combos.size(); s++) {
                Map<String, String> combination = new LinkedHashMap<>();
                combination.put("mode", mode.label());
                combination.put("pool", pool);
                if (road != null) {
                  combination.put(VIA, road.name());
                }
                combination.put("threads", Integer.toString(threads));
                if (config.inserts().anyTablePerThread()) {
                  combination.put("table-per-thread", ownTables ? "yes" : "no");
                }
                combination.putAll(combos.get(s));
                int poolSize = config.poolSize() == null ? threads : config.poolSize();
                phases.add(new PhaseSpec(combination, mode, pool, new PoolSettings(poolSize,
                    config.c3p0MaxStatements()), threads, phaseConnection(config, onRoad, plans.get(s)),
                    combos.get(s), ownTables));
              }
            }
          }
        }
      }
    }
    return phases;
  }

  /** The roads a combination runs on: those of {@code --via}, or one null (no road named) without it. */
  public static List<ViaRoute> roads(RunConfig config) {
    return config.vias().isEmpty() ? java.util.Collections.singletonList(null) : config.vias();
  }

  /** The connection of a road of {@code --via}: the base one for the run's own (or no road). */
  public static ConnectionSpec road(ConnectionSpec base, ViaRoute road) {
    return road == null || road.own() ? base : base.through(road.url(), "--via " + road.name());
  }

  /** The base connection plus this phase's session settings and the statement timeout. */
  private static ConnectionSpec phaseConnection(RunConfig config, ConnectionSpec base, SessionSettingsPlan plan) {
    Map<String, String> props = new LinkedHashMap<>(base.driverProperties());
    if (!plan.startupOptions().isEmpty()) {
      String existing = props.get("options");
      props.put("options", existing == null ? plan.startupOptions() : existing + " " + plan.startupOptions());
    }
    List<String> init = new ArrayList<>();
    long timeoutMs = config.timeouts().statement().toMillis();
    init.add("SET statement_timeout = " + timeoutMs);
    init.addAll(plan.initStatements());
    return new ConnectionSpec(base.url(), base.user(), base.password(), props, init);
  }
}
