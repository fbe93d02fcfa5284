package stress.app.capacity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import stress.app.capacity.CapacityCheck;
import stress.app.capacity.CapacityRound;
import stress.app.capacity.CapacitySearch;
import stress.app.capacity.CapacityText;
import stress.config.LatencyObjective;
import stress.report.Decimals;
import stress.report.MedianInterval;
import stress.report.PairedRatio;
import stress.report.Steadiness;

/**
 * Capacities compared: each combination's capacity in each round beside the baseline's (the first combination) in the
 * same round, so a drift of the machine between rounds cancels; the median of the paired ratios with its interval, and
 * a verdict only when the interval lies beyond the least difference (the search's resolution, or more on an unsteady
 * machine). A round whose answer was the client's limit (a lower bound) is left out of the pairs, as is one where
 * either side found none; when the operations' answers differ between targets the work is not the same, and no
 * verdict is given.
 *
 * @param baseline the first combination's name
 * @param rows     one per combination, the baseline first
 * @param leastDifference the smallest difference called one
 * @param answersDiffer   operations whose answers differ between the targets, sorted; empty when they agree
 */
record CapacityComparison(String baseline, List<Row> rows, double leastDifference, List<String> answersDiffer) {

  /**
   * One combination.
   *
   * @param capacities each round's capacity (NaN where none was found, or the round did not run or was the client's
   *                   limit), in round order
   * @param capacity   the median of the rounds with its interval; null when no round found one
   * @param ratio      the paired ratio to the baseline; null for the baseline, or without a pair
   * @param leftOut    why rounds were left out of the pairs, e.g. {@code round 2: the client's limit}
   * @param failure    why its search stopped early, or null
   * @param unpaired   why it has no ratio to the baseline although it is not the baseline, e.g. {@code table a
   *                   vouched for no capacity}; null where paired (and for the baseline)
   * @param checked    whether plain runs checked its capacity; false with {@code --no-slo-check}
   * @param vouchedBelow the rate its check vouched for where that lies below what its rounds found (then no round is
   *                   paired); NaN otherwise
   */
  record Row(String name, double[] capacities, MedianInterval capacity, PairedRatio ratio, List<String> leftOut,
             String failure, String unpaired, boolean checked, double vouchedBelow) {}

  static CapacityComparison of(List<CapacityContender> contenders, int rounds, Set<String> answersDiffer) {
    List<double[]> all = new ArrayList<>();
    List<List<String>> leftOut = new ArrayList<>();
    for (CapacityContender c : contenders) {
      double[] capacities = new double[rounds];
      Arrays.fill(capacities, Double.NaN);
      List<String> why = new ArrayList<>();
      CapacityCheck check = c.search() == null ? null : c.search().result().check();
      double vouched = check == null ? Double.NaN : c.search().result().vouchedRate();
      if (check != null && !check.holds() && !Double.isFinite(vouched)) {
        why.add("every round: its capacity held in only " + check.held() + " of " + check.atRate().size()
            + " plain runs at it" + walkedDown(check));
      } else if (check != null && !Double.isFinite(vouched)) {
        List<LatencyObjective> objectives = c.search().result().objectives();
        why.add("every round: its capacity held its plain runs, but " + CapacityCheck.whyNotVouched(check.atRate(),
            objectives, CapacityText.checkedFigure(objectives)) + walkedDown(check));
      } else if (check != null && c.search().result().vouchedOnlyBelow()) {
        why.add("every round: its check vouched for only " + CapacityText.rate(vouched) + " ops/s, below the "
            + CapacityText.rate(check.rate()) + " its rounds found");
      } else if (c.search() != null) {
        for (CapacityRound r : c.search().result().rounds()) {
          if (r.lowerBound()) {
            why.add("round " + r.round() + ": " + (r.clientLimit() ? "the client's limit" : "no step broke")
                + ", a lower bound");
          } else if (r.unconfirmed()) {
            why.add("round " + r.round() + ": none held " + CapacitySearch.CONFIRMING_OFFERS + " offers running");
          } else if (!r.found()) {
            why.add("round " + r.round() + ": none found");
          } else {
            capacities[r.round() - 1] = r.capacity();
          }
        }
      }
      all.add(capacities);
      leftOut.add(why);
    }
    Steadiness steadiness = Steadiness.of(all.get(0));
    double resolution = contenders.get(0).search() == null ? 0 : contenders.get(0).search().result().resolution();
    double least = Math.max(resolution, steadiness.unsteady() ? Steadiness.UNSTEADY_LEAST_DIFFERENCE
        : Steadiness.LEAST_DIFFERENCE);
    List<Row> rows = new ArrayList<>();
    String baselineNone = none(contenders.get(0));
    for (int i = 0; i < contenders.size(); i++) {
      double[] found = Arrays.stream(all.get(i)).filter(Double::isFinite).toArray();
      // a ratio only between two answers, each vouched for (or each unchecked): never beside "none"
      String unpaired = i == 0 ? null : baselineNone != null ? baselineNone : none(contenders.get(i));
      // a capacity found in fewer than half the rounds is none (as a search of one combination says it)
      rows.add(new Row(contenders.get(i).name(), all.get(i),
          2 * found.length > rounds ? MedianInterval.of(found) : null,
          i == 0 || unpaired != null ? null : PairedRatio.of(all.get(0), all.get(i), true, least), leftOut.get(i),
          contenders.get(i).failure(), unpaired, contenders.get(i).search() != null
          && contenders.get(i).search().result().check() != null, vouchedBelow(contenders.get(i))));
    }
    return new CapacityComparison(contenders.get(0).name(), rows, least, answersDiffer.stream().sorted().toList());
  }

  /**
   * Why a combination's search gives no capacity to compare, e.g. {@code table a vouched for no capacity}; null where
   * it gives one: vouched for by its check, or found by most rounds and unchecked ({@code --no-slo-check}).
   */
  private static String none(CapacityContender c) {
    CapacitySearch.Result result = c.search() == null ? null : c.search().result();
    if (result == null) {
      return c.name() + " was not searched";
    }
    if (result.interval() == null) {
      return c.name() + " found no capacity";
    }
    if (result.check() == null) {
      return null;
    }
    if (!Double.isFinite(result.vouchedRate())) {
      return c.name() + " vouched for no capacity";
    }
    // the rounds' answers are what a ratio pairs: refuted by the check, they are not the capacity
    return result.vouchedOnlyBelow() ? c.name() + "'s rounds found " + CapacityText.rate(
        result.capacity()) + " ops/s, but its check vouched for only " + CapacityText.rate(result.vouchedRate())
        + ", so its rounds' answers are not its capacity" : null;
  }

  private static double vouchedBelow(CapacityContender c) {
    CapacitySearch.Result result = c.search() == null ? null : c.search().result();
    return result != null && result.check() != null && result.vouchedOnlyBelow() ? result.vouchedRate() : Double.NaN;
  }

  /** E.g. {@code , nor did any rate down to 5600 ops/s}, where the check walked down; empty where it did not. */
  private static String walkedDown(CapacityCheck check) {
    return check.below().isEmpty() ? "" : ", nor did any rate down to " + CapacityText.rate(
        check.below().get(check.below().size() - 1).rate()) + " ops/s";
  }

  /** The verdict in words: holds more, holds less, no difference beyond noise, or why there is none. */
  String verdict(Row row) {
    if (row.unpaired() != null) {
      return "not compared: " + row.unpaired() + ", and a ratio is only between two capacities";
    }
    if (!answersDiffer.isEmpty()) {
      return "not compared: the answers of " + String.join(", ", answersDiffer) + " differ between the targets, so"
          + " the capacities are of different work";
    }
    if (row.ratio() == null) {
      return "no round with both capacities: nothing to pair";
    }
    return switch (row.ratio().verdict()) {
      case FASTER -> "holds more";
      case SLOWER -> "holds less";
      case NO_DIFFERENCE -> "no difference beyond noise";
      case NO_ESTIMATE -> "1 round: no noise estimate";
    };
  }

  /** The text: one line per combination, then the comparison read once, the larger capacity first. */
  List<String> lines() {
    List<String> lines = new ArrayList<>();
    lines.add("capacities compared (each round's answers paired with " + baseline + "'s of the same round; differences"
        + " beyond " + Decimals.ratio(1 + leastDifference) + " are called):");
    for (Row row : rows) {
      // a capacity vouched for below the rounds' answers is the side's capacity, though no round pairs it
      StringBuilder line = new StringBuilder("  ").append(row.name()).append(": ").append(
          Double.isFinite(row.vouchedBelow()) ? CapacityText.rate(row.vouchedBelow()) + " ops/s, vouched for by its"
              + " check below what its rounds found" : capacity(row.capacity()))
          .append(row.capacity() == null || row.checked() ? "" : " (unchecked: no plain runs confirmed it)");
      if (row.ratio() != null) {
        MedianInterval r = row.ratio().interval();
        line.append("; vs ").append(baseline).append(" ").append(Decimals.ratio(r.median()));
        if (r.estimated()) {
          line.append(" ").append(Decimals.ratioInterval(r.low(), r.high()));
        }
      }
      line.append(row == rows.get(0) ? " (baseline)" : ": " + verdict(row));
      if (!row.leftOut().isEmpty()) {
        line.append("; left out of the pairs: ").append(String.join(", ", row.leftOut()));
      }
      if (row.failure() != null) {
        line.append("; its search stopped: ").append(row.failure());
      }
      lines.add(line.toString());
    }
    if (answersDiffer.isEmpty()) {
      for (Row row : rows.subList(1, rows.size())) {
        String reading = readAs(row);
        if (reading != null) {
          lines.add("  read as: " + reading);
        }
      }
    }
    return lines;
  }

  /** E.g. {@code table a holds x3.10 [2.80-3.40] the capacity of table b}, the larger first. */
  private String readAs(Row row) {
    if (row.ratio() == null || row.ratio().verdict() == PairedRatio.Verdict.NO_ESTIMATE) {
      return null;
    }
    MedianInterval r = row.ratio().interval();
    if (row.ratio().verdict() == PairedRatio.Verdict.NO_DIFFERENCE) {
      return row.name() + " and " + baseline + " hold the same load within the noise (" + Decimals.ratio(r.median())
          + " " + Decimals.ratioInterval(r.low(), r.high()) + ")";
    }
    boolean more = r.median() >= 1;
    String larger = more ? row.name() : baseline;
    String smaller = more ? baseline : row.name();
    double median = more ? r.median() : 1 / r.median();
    double low = more ? r.low() : 1 / r.high();
    double high = more ? r.high() : 1 / r.low();
    return larger + " holds " + Decimals.ratio(median) + " " + Decimals.ratioInterval(low, high) + " the capacity of "
        + smaller;
  }

  private static String capacity(MedianInterval m) {
    if (m == null) {
      return "no capacity found";
    }
    // the rounds' median, which the pairs compare; each search's own answer (its lowest round's) is on its line above
    return (m.estimated() ? "rounds' median " : "") + CapacityText.rate(m.median()) + " ops/s" + (m.estimated() ? " ["
        + CapacityText.rate(m.low()) + "-" + CapacityText.rate(m.high()) + "]" : "");
  }
}
