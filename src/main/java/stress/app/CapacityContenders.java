package stress.app;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.capacity.CapacityContender;
import stress.app.process.Interruption;
import stress.app.setup.ChosenDatabase;
import stress.app.setup.SettingCombinations;
import stress.config.RunConfig;
import stress.keys.KeySpaces;
import stress.model.StatementMode;
import stress.model.TableName;
import stress.model.UsageException;
import stress.report.LayoutComparison;

/**
 * The combinations a capacity search compares: the run's own lists ({@code --mode}, {@code --pool}, {@code --threads}
 * as the client's concurrency, {@code --set}) or the tables of {@code --compare-tables}. Every one draws its keys from
 * one {@link KeySpaces}, read once per table for the whole search.
 */
final class CapacityContenders {
  private CapacityContenders() {}

  /**
   * One per combination of the lists, named by what varies ({@code mode=plain threads=8}); one, unnamed, when nothing
   * varies.
   */
  static List<CapacityContender> ofLists(RunConfig config, ChosenDatabase db, Interruption interruption) {
    if (config.inserts().tablePerThread().size() > 1) {
      throw new UsageException("--slo with --table-per-thread no,yes: give one value (a search compares the mode,"
          + " pool, thread and --set lists)");
    }
    List<Map<String, String>> settings = SettingCombinations.of(config.settings());
    KeySpaces keys = new KeySpaces();
    List<CapacityContender> contenders = new ArrayList<>();
    List<stress.config.ViaRoute> roads = stress.app.setup.PhaseGrid.roads(config);
    for (StatementMode mode : config.modes()) {
      for (String pool : config.pools()) {
        for (stress.config.ViaRoute road : roads) {
          for (int threads : config.threads()) {
            for (Map<String, String> set : settings) {
              List<String> name = new ArrayList<>();
              if (config.modes().size() > 1) {
                name.add("mode=" + mode.label());
              }
              if (config.pools().size() > 1) {
                name.add("pool=" + pool);
              }
              if (road != null) {
                name.add("via=" + road.name());
              }
              if (config.threads().size() > 1) {
                name.add("threads=" + threads);
              }
              if (settings.size() > 1) {
                set.forEach((k, v) -> name.add(k + "=" + v));
              }
              contenders.add(new CapacityContender(String.join(" ", name), Map.of(),
                  config.onlyCombination(mode, pool, road, threads, set), (step, o) -> ran(
                  new RunJob(step, db, o, interruption).withoutPlan().readingKeysFrom(keys))));
            }
          }
        }
      }
    }
    return contenders;
  }

  /** One per table of {@code --compare-tables}, named {@code table NAME}, its phases marked with the table. */
  static List<CapacityContender> ofTables(RunConfig config, List<TableName> tables, ChosenDatabase db,
                                          Interruption interruption) {
    KeySpaces keys = new KeySpaces();
    List<CapacityContender> contenders = new ArrayList<>();
    for (TableName table : tables) {
      Map<String, String> marks = new LinkedHashMap<>();
      marks.put(LayoutComparison.TABLE, table.typed());
      contenders.add(new CapacityContender("table " + table.typed(), marks,
          config.onComparedTable(table.schema(), table.name()), (step, o) -> ran(new RunJob(step, db, o,
          interruption).withoutPlan().readingKeysFrom(keys))));
    }
    return contenders;
  }

  /** A step run by {@code job} in this process: its result and each phase's measured start. */
  static CapacityContender.Ran ran(RunJob job) throws Exception {
    job.run();
    return new CapacityContender.Ran(job.result(), job.measuredStarts());
  }
}
