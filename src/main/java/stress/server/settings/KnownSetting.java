package stress.server.settings;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Session settings the seed experiments tuned, with what the tool knows about them beyond pg_settings:
 * values a server hides (Postgres-XL lists global_snapshot_source's values as {""}) and why they matter.
 * The server remains the judge of whether a setting exists; this only fills gaps and explains.
 */
public enum KnownSetting {
  PERSISTENT_DATANODE_CONNECTIONS("persistent_datanode_connections", List.of("on", "off"),
      "Postgres-XL, backend context (connection start only): keep datanode connections for the session instead of"
          + " RESET ALL after every statement; seed 001: 9,200 -> 16,000 ops/s"),
  GLOBAL_SNAPSHOT_SOURCE("global_snapshot_source", List.of("gtm", "coordinator"),
      "Postgres-XL, user context: 'coordinator' builds snapshots locally instead of asking the GTM for each statement"
          + " (weaker multi-coordinator consistency); seed 001: 26,000 -> 40,000 ops/s"),
  CITUS_MAX_ADAPTIVE_EXECUTOR_POOL_SIZE("citus.max_adaptive_executor_pool_size", List.of(),
      "Citus: connections per worker one session may open for a multi-shard statement"),
  CITUS_MULTI_SHARD_MODIFY_MODE("citus.multi_shard_modify_mode", List.of("parallel", "sequential"),
      "Citus: multi-shard writes over parallel connections or one connection per worker"),
  CITUS_ENABLE_FAST_PATH_ROUTER_PLANNER("citus.enable_fast_path_router_planner", List.of("on", "off"),
      "Citus: plan single-shard key lookups without the full planner"),
  PLAN_CACHE_MODE("plan_cache_mode", List.of("auto", "force_generic_plan", "force_custom_plan"),
      "PostgreSQL 12+: whether prepared statements use a generic plan (parameters unknown to the planner, so a"
          + " distributed planner cannot prune to one node) or a custom plan per execution");

  private final String settingName;
  private final List<String> allowedValues;
  private final String why;

  KnownSetting(String settingName, List<String> values, String why) {
    this.settingName = settingName;
    this.allowedValues = values;
    this.why = why;
  }

  public String settingName() {
    return settingName;
  }

  /** The valid values when the setting is an enum or a bool, empty when it is numeric. */
  public List<String> allowedValues() {
    return allowedValues;
  }

  /** One line: which target, which context, what it changes, and what the seeds measured. */
  public String why() {
    return why;
  }

  /** The known setting of this name, looked up case-insensitively. */
  public static Optional<KnownSetting> byName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (KnownSetting s : values()) {
      if (s.settingName.equals(n)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }
}
