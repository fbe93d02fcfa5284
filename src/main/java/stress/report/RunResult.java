package stress.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Everything a run produced, as written to the JSON result file.
 *
 * @param toolVersion the version of this tool
 * @param startTime   when the run started
 * @param settings    every setting in force (driver settings, pool kind and its statement cache, ...),
 *                    in the caller's order; nested maps and lists are fine. It must not carry a
 *                    password: a key naming one is refused.
 * @param target      what the run was measured against (kind, version, nodes); any object Jackson can
 *                    serialise. Read back it is a tree of maps and lists.
 * @param phases      the phases in the order they ran
 * @param interrupted whether the run was stopped (Ctrl-C, SIGTERM) before it ended: the last phase is then
 *                    partial and later phases are missing. Results written before this flag existed read as false.
 * @param recorded    the operations whose workload file says what MongoDB recorded for them, with this target's plan;
 *                    the file also gets {@code mongodbComparison}, the two side by side per phase
 *                    ({@link MongoComparison}), worked out again when read
 * @param collections with {@code run --workload DIR}: the application's collections, with what MongoDB recorded for
 *                    each; the file also gets {@code mongodbCollections}, the measured side beside it per phase
 *                    ({@link CollectionComparison}); empty otherwise
 * @param instances   for the merged result of a run of several instances ({@code stress merge --run}): each instance's
 *                    own figures and its start and end per phase; empty otherwise
 * @param tables      for a run of {@code --compare-tables}: each table's layout and its operations' routes, whose
 *                    phases carry the table in their combination; the file also gets {@code layoutComparison}
 *                    ({@link LayoutComparison}), worked out again when read; empty otherwise
 * @param endTime     when the run ended (its last phase measured, on the same clock as {@code startTime}); null in
 *                    results written before it existed, and then left out of the JSON
 */
@JsonIgnoreProperties(value = {"mongodbComparison", "mongodbCollections", "layoutComparison", "layoutRouting",
    "roundComparison"},
    allowGetters = true)
public record RunResult(String toolVersion, Instant startTime, Map<String, Object> settings, Object target,
                        List<PhaseResult> phases, boolean interrupted,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RecordedOperation> recorded,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RecordedCollection> collections,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<InstanceRow> instances,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<LayoutComparison.Table> tables,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Instant endTime) {
  public RunResult {
    tables = tables == null ? List.of() : List.copyOf(tables);
    recorded = recorded == null ? List.of() : List.copyOf(recorded);
    collections = collections == null ? List.of() : List.copyOf(collections);
    instances = instances == null ? List.of() : List.copyOf(instances);
    Objects.requireNonNull(toolVersion, "toolVersion");
    Objects.requireNonNull(startTime, "startTime");
    if (endTime != null && endTime.isBefore(startTime)) {
      throw new IllegalArgumentException("a run ends after it starts: " + startTime + " to " + endTime);
    }
    refusePasswords("settings", settings);
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    phases = List.copyOf(phases);
  }

  /** A result whose end is not known. */
  public RunResult(String toolVersion, Instant startTime, Map<String, Object> settings, Object target,
                   List<PhaseResult> phases, boolean interrupted, List<RecordedOperation> recorded,
                   List<RecordedCollection> collections, List<InstanceRow> instances,
                   List<LayoutComparison.Table> tables) {
    this(toolVersion, startTime, settings, target, phases, interrupted, recorded, collections, instances, tables, null);
  }

  /** A result of a run without MongoDB's recorded figures. */
  public RunResult(String toolVersion, Instant startTime, Map<String, Object> settings, Object target,
                   List<PhaseResult> phases, boolean interrupted) {
    this(toolVersion, startTime, settings, target, phases, interrupted, List.of(), List.of(), List.of(), List.of());
  }

  /** A result with MongoDB's recorded figures, of one process. */
  public RunResult(String toolVersion, Instant startTime, Map<String, Object> settings, Object target,
                   List<PhaseResult> phases, boolean interrupted, List<RecordedOperation> recorded) {
    this(toolVersion, startTime, settings, target, phases, interrupted, recorded, List.of(), List.of(), List.of());
  }

  /** A result with MongoDB's recorded figures and its instances' rows. */
  public RunResult(String toolVersion, Instant startTime, Map<String, Object> settings, Object target,
                   List<PhaseResult> phases, boolean interrupted, List<RecordedOperation> recorded,
                   List<InstanceRow> instances) {
    this(toolVersion, startTime, settings, target, phases, interrupted, recorded, List.of(), instances, List.of());
  }

  /** The same result with its instances' rows. */
  public RunResult withInstances(List<InstanceRow> rows) {
    return new RunResult(toolVersion, startTime, settings, target, phases, interrupted, recorded, collections, rows,
        tables, endTime);
  }

  /** Each compared table beside the others, per phase and operation; empty without compared tables. */
  @JsonProperty("layoutComparison")
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public List<LayoutComparison.Row> layoutComparison() {
    return LayoutComparison.rows(this);
  }

  /**
   * Of compared tables: {@link LayoutComparison#NOT_DISTRIBUTED} when no statement on any of them is distributed
   * (plain PostgreSQL), so the layouts cannot differ in routing; null otherwise.
   */
  @JsonProperty("layoutRouting")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public String layoutRouting() {
    return LayoutComparison.routingNote(tables);
  }

  /**
   * With several rounds ({@code --rounds}): each combination's figures per round, medians, ranges, and the paired
   * ratios to the baseline with their intervals and verdicts (per table of {@code --compare-tables}, per target of
   * {@code --against} beside PostgreSQL with the same other settings); null otherwise.
   */
  @JsonProperty("roundComparison")
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public RoundComparison.Result roundComparison() {
    return RoundComparison.of(this, RoundComparison.comparedKey(this));
  }

  /** MongoDB's recorded figures beside the measured ones, per phase and operation; empty without them. */
  @JsonProperty("mongodbComparison")
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public List<MongoComparison.Row> mongodbComparison() {
    return MongoComparison.rows(this);
  }

  /** Per collection of an application's run, the measured side beside MongoDB's; empty otherwise. */
  @JsonProperty("mongodbCollections")
  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  public List<CollectionComparison.Row> mongodbCollections() {
    return CollectionComparison.rows(this);
  }

  /** A result of a run that was not interrupted. */
  public RunResult(String toolVersion, Instant startTime, Map<String, Object> settings, Object target,
                   List<PhaseResult> phases) {
    this(toolVersion, startTime, settings, target, phases, false);
  }

  /** A result file is shared and archived; it is the wrong place for a secret, even a masked one. */
  private static void refusePasswords(String path, Object value) {
    if (value instanceof Map<?, ?> map) {
      map.forEach((key, nested) -> {
        String name = String.valueOf(key);
        if (name.toLowerCase(Locale.ROOT).contains("password")) {
          throw new IllegalArgumentException("a run result must not carry a password; remove the setting " + path + "." + name);
        }
        refusePasswords(path + "." + name, nested);
      });
    } else if (value instanceof Iterable<?> list) {
      list.forEach(item -> refusePasswords(path, item));
    }
  }
}
