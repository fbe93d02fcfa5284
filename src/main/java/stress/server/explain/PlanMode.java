package stress.server.explain;

/** How a statement is planned for {@code stress explain}: the forms a run's statement modes reach the server in. */
public enum PlanMode {
  /** PREPARE, then EXPLAIN EXECUTE under {@code plan_cache_mode = force_generic_plan}: one plan for every value. */
  GENERIC("prepared, generic plan", "force_generic_plan", true),
  /** PREPARE, then EXPLAIN EXECUTE under {@code plan_cache_mode = force_custom_plan}: planned for the values given. */
  CUSTOM("prepared, custom plan", "force_custom_plan", true),
  /**
   * PREPARE, then EXPLAIN EXECUTE with the server's own choice, for servers without {@code plan_cache_mode}
   * (before PostgreSQL 12, e.g. Postgres-XL 10).
   */
  PREPARED("prepared", null, true),
  /** EXPLAIN of the SQL with the values written in as literals, as {@code --mode plain} sends it. */
  PLAIN("plain", null, false);

  private final String label;
  private final String planCacheMode;
  private final boolean prepared;

  PlanMode(String label, String planCacheMode, boolean prepared) {
    this.label = label;
    this.planCacheMode = planCacheMode;
    this.prepared = prepared;
  }

  /** How reports name the mode, e.g. {@code prepared, generic plan}. */
  public String label() {
    return label;
  }

  /** The {@code plan_cache_mode} value this mode sets, or null when it sets none. */
  public String planCacheMode() {
    return planCacheMode;
  }

  /** True for the modes that go through PREPARE / EXECUTE (a run's {@code --mode prepared}). */
  public boolean prepared() {
    return prepared;
  }
}
