package stress.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.BiFunction;
import stress.mongo.routing.KeyFigures;

/**
 * Candidate shard keys ranked, each with the reason. First the fit ones: a path some document holds an array or a
 * document at cannot be a key (MongoDB refuses an array in a shard key; a key layout rejects both), nor can a path of
 * one value. Then, in order, until one differs: the share of the reads' and writes' weight that goes to one shard
 * (more is better), the share that would change the key (less), the share that goes to every shard (less), and with the
 * data's figures the share of documents holding the most frequent value (less: a hot shard) and the distinct values
 * (more); the path's name last, so the order is always the same.
 */
public final class ShardKeyRanking {
  /**
   * One candidate.
   *
   * @param operations where the workload's operations go under it, or null without a workload (the data's figures
   *                   alone rank it)
   * @param figures    the data's figures, or null where no table is read ({@code workload --from-log})
   */
  public record Candidate(String path, ShardKeyWorkload operations, KeyFigures figures) {}

  /**
   * @param rank   1 for the best
   * @param unfit  why it cannot be a key, or null
   * @param reason its figures, and for all but the first what ranks it below the one before
   */
  public record Ranked(int rank, Candidate candidate, String unfit, String reason) {}

  /** One step of the order: how two candidates compare, and the words for the difference. */
  private record Criterion(Comparator<Candidate> order, BiFunction<Candidate, Candidate, String> words) {}

  private static final List<Criterion> CRITERIA = List.of(
      new Criterion(Comparator.comparing(c -> unfit(c) != null),
          (c, above) -> "it cannot be a key"),
      new Criterion(Comparator.comparingDouble(c -> -oneShare(c)),
          (c, above) -> "one shard for " + pct(oneShare(c)) + " of the weight against " + pct(oneShare(above))),
      new Criterion(Comparator.comparingDouble(ShardKeyRanking::keyUpdateShare),
          (c, above) -> "updates changing the key in " + pct(keyUpdateShare(c)) + " against "
              + pct(keyUpdateShare(above))),
      new Criterion(Comparator.comparingDouble(ShardKeyRanking::allShare),
          (c, above) -> "every shard for " + pct(allShare(c)) + " against " + pct(allShare(above))),
      new Criterion(Comparator.comparingDouble(ShardKeyRanking::hottest),
          (c, above) -> "its most frequent value in " + pct(hottest(c)) + " of the documents against "
              + pct(hottest(above))),
      new Criterion(Comparator.comparingLong(c -> c.figures() == null ? 0 : -c.figures().distinct()),
          (c, above) -> c.figures().distinct() + " distinct values against " + above.figures().distinct()),
      new Criterion(Comparator.comparing(Candidate::path),
          (c, above) -> "the same figures; ordered by name"));

  private ShardKeyRanking() {}

  /** The candidates, best first. */
  public static List<Ranked> rank(List<Candidate> candidates) {
    Comparator<Candidate> order = CRITERIA.get(0).order();
    for (Criterion c : CRITERIA.subList(1, CRITERIA.size())) {
      order = order.thenComparing(c.order());
    }
    List<Candidate> sorted = candidates.stream().sorted(order).toList();
    List<Ranked> ranked = new ArrayList<>();
    for (int i = 0; i < sorted.size(); i++) {
      Candidate c = sorted.get(i);
      String reason = figures(c);
      if (i > 0) {
        Candidate above = sorted.get(i - 1);
        String why = CRITERIA.stream().filter(k -> k.order().compare(above, c) != 0).findFirst()
            .map(k -> k.words().apply(c, above)).orElse("the same figures");
        reason += "; below " + above.path() + ": " + why;
      }
      ranked.add(new Ranked(i + 1, c, unfit(c), reason));
    }
    return ranked;
  }

  /**
   * The paths the file's operations pin, ranked by where the operations would go alone (no data read), best first;
   * empty when no operation pins a path.
   */
  public static List<Ranked> rankByOperations(WorkloadFile file) {
    List<Candidate> candidates = new ArrayList<>();
    for (String path : ShardKeyWorkload.pinnedPaths(file).keySet()) {
      candidates.add(new Candidate(path, ShardKeyWorkload.of(file, path), null));
    }
    return rank(candidates);
  }

  /** Why the candidate cannot be a key, or null. */
  static String unfit(Candidate c) {
    KeyFigures f = c.figures();
    if (f == null) {
      return null;
    }
    if (f.arrays() > 0) {
      return f.arrays() + " of " + f.documents() + " documents hold an array at or above the path (MongoDB refuses"
          + " an array in a shard key)";
    }
    if (f.subdocuments() > 0) {
      return f.subdocuments() + " of " + f.documents() + " documents hold a document at the path";
    }
    if (f.distinct() + (f.missing() > 0 ? 1 : 0) < 2) {
      return "one value in every document: they would all be on one shard";
    }
    return null;
  }

  /** The candidate's own figures in a few words. */
  private static String figures(Candidate c) {
    ShardKeyWorkload ops = c.operations();
    List<String> parts = new ArrayList<>();
    String unfit = unfit(c);
    if (unfit != null) {
      parts.add("cannot be a key: " + unfit);
    }
    if (ops != null) {
      List<String> one = ops.all().one().operations();
      parts.add("one shard for " + pct(oneShare(c)) + " of the reads' and writes' weight"
          + (one.isEmpty() ? "" : " (" + String.join(", ", one) + ")") + (ops.keyUpdates().weight() == 0
          ? ", no update changes it" : ", updates changing it in " + pct(ops.keyUpdateShare())));
    }
    if (c.figures() != null) {
      parts.add(c.figures().distinct() + " distinct values, the most frequent in " + pct(hottest(c))
          + " of the documents");
    }
    return String.join(unfit != null ? "; " : ", ", parts);
  }

  private static double oneShare(Candidate c) {
    if (c.operations() == null) {
      return 0;
    }
    ShardKeyWorkload.Spread all = c.operations().all();
    return all.share(all.one());
  }

  private static double allShare(Candidate c) {
    if (c.operations() == null) {
      return 0;
    }
    ShardKeyWorkload.Spread all = c.operations().all();
    return all.share(all.all());
  }

  private static double keyUpdateShare(Candidate c) {
    return c.operations() == null ? 0 : c.operations().keyUpdateShare();
  }

  /** The share of documents with the most frequent key value (missing ones hold the null key); 0 without figures. */
  private static double hottest(Candidate c) {
    KeyFigures f = c.figures();
    if (f == null || f.documents() == 0) {
      return 0;
    }
    long top = f.top().isEmpty() ? 0 : f.top().get(0).documents();
    return (double) Math.max(top, f.nullKey()) / f.documents();
  }

  /** A share as a percentage with one decimal. */
  public static String pct(double share) {
    return String.format(Locale.ROOT, "%.1f%%", share * 100);
  }
}
