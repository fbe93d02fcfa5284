package stress.app.shardkey;

import static stress.workload.ShardKeyRanking.pct;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import stress.mongo.routing.KeyFigures;
import stress.table.DocumentTable;
import stress.workload.ShardKeyRanking;
import stress.workload.ShardKeyWorkload;
import stress.workload.WorkloadFile;

/** The text of {@code stress analyze --shard-key}: per candidate its figures and its operations, then the ranking. */
final class ShardKeyText {
  private final PrintStream out;

  ShardKeyText(PrintStream out) {
    this.out = out;
  }

  void print(DocumentTable table, ShardKeyJob.Request request, List<ShardKeyRanking.Candidate> candidates,
             List<ShardKeyRanking.Ranked> ranked) {
    long documents = candidates.isEmpty() ? 0 : candidates.get(0).figures().documents();
    out.println("shard-key analysis of " + table.displayName() + " (" + stress.model.Plural.of(documents, "document") + "), read only:"
        + " nothing is written");
    WorkloadFile w = request.workload();
    if (w != null) {
      ShardKeyWorkload any = candidates.get(0).operations();
      out.println("workload " + w.file() + ": " + w.weights().size() + " operations; weights: reads "
          + any.reads().weight() + ", writes " + any.writes().weight() + ", inserts " + any.inserts().weight()
          + (any.notRead().weight() == 0 ? "" : ", SQL (not read) " + any.notRead().weight()));
    }
    out.println(request.candidates().isEmpty()
        ? "candidates: the paths the operations pin by equality or $in, heaviest first"
        : "candidates: as given");
    for (ShardKeyRanking.Candidate c : candidates) {
      out.println();
      out.println(c.path());
      figures(c.figures());
      if (c.operations() != null) {
        operations(c.operations());
      }
    }
    if (ranked.size() == 1) {
      ShardKeyRanking.Ranked only = ranked.get(0);
      out.println();
      out.println(only.unfit() == null ? only.candidate().path() + ": " + only.reason()
          : only.candidate().path() + " cannot be a key: " + only.unfit());
    } else if (!ranked.isEmpty()) {
      out.println();
      out.println(w == null ? "ranking (by the data alone: no --workload):"
          : "ranking (the share of weight to one shard first; see 'stress analyze --help'):");
      for (ShardKeyRanking.Ranked r : ranked) {
        out.println("  " + r.rank() + ". " + r.candidate().path() + ": " + r.reason());
      }
      ShardKeyRanking.Ranked best = ranked.get(0);
      out.println(best.unfit() == null ? "best candidate: " + best.candidate().path()
          : "no candidate can be a key: " + best.unfit());
    }
  }

  private void figures(KeyFigures f) {
    StringBuilder values = new StringBuilder("  values: " + f.distinct() + " distinct in "
        + stress.model.Plural.of(f.keyed(), "document"));
    if (!f.top().isEmpty()) {
      values.append("; most frequent: ");
      for (int i = 0; i < f.top().size(); i++) {
        KeyFigures.ValueCount v = f.top().get(i);
        values.append(i == 0 ? "" : ", ").append(v.value()).append(" in ").append(v.documents()).append(" (")
            .append(pct(share(v.documents(), f.documents()))).append(')');
      }
      long topSum = f.top().stream().mapToLong(KeyFigures.ValueCount::documents).sum();
      values.append("; the top ").append(f.top().size()).append(" hold ").append(pct(share(topSum, f.documents())))
          .append(" of the documents");
    }
    out.println(values);
    out.println("  monotonicity in _id order: " + monotonicity(f));
    out.println("  documents missing the path: " + f.missing() + " (" + pct(share(f.missing(), f.documents()))
        + "; on a key layout they hold the null key); holding an array there or on the way: " + f.arrays()
        + "; holding a document there: " + f.subdocuments());
  }

  static String monotonicity(KeyFigures f) {
    if (f.monotonicityError() != null) {
      return "unknown: the server refused the correlation: " + f.monotonicityError();
    }
    if (f.monotonicity() == null) {
      return "unknown (fewer than two values)";
    }
    return String.format(Locale.ROOT, "correlation %.3f: %s (MongoDB's threshold: |r| >= %.1f)", f.monotonicity(),
        f.monotonic() ? "monotonic" : "not monotonic", KeyFigures.MONOTONIC);
  }

  private void operations(ShardKeyWorkload ops) {
    out.println("  reads " + spread(ops.reads()));
    out.println("  writes " + spread(ops.writes()) + "; changing the key: " + (ops.keyUpdates().weight() == 0 ? "none"
        : pct(ops.keyUpdateShare()) + " of the reads' and writes' weight" + names(ops.keyUpdates())));
    out.println("  reads and writes (weight " + ops.all().weight() + "): one shard " + pct(ops.all().share(ops.all().one()))
        + ", several " + pct(ops.all().share(ops.all().several())) + ", all " + pct(ops.all().share(ops.all().all())));
    if (ops.joins().weight() > 0) {
      out.println("  counted wider than their filter, a stage reading more shards ($lookup not joined on the key,"
          + " $graphLookup, $unionWith): " + String.join(", ", ops.joins().operations()));
    }
    if (ops.inserts().weight() > 0) {
      out.println("  inserts (weight " + ops.inserts().weight() + ") " + names(ops.inserts())
          + ": each to the shard of the key it writes, under any key");
    }
    if (ops.notRead().weight() > 0) {
      out.println("  not read (SQL, weight " + ops.notRead().weight() + ") " + names(ops.notRead()));
    }
  }

  private static String spread(ShardKeyWorkload.Spread s) {
    if (s.weight() == 0) {
      return "(weight 0): none";
    }
    return "(weight " + s.weight() + "): one shard " + pct(s.share(s.one())) + names(s.one()) + ", several "
        + pct(s.share(s.several())) + names(s.several()) + ", all " + pct(s.share(s.all())) + names(s.all());
  }

  private static String names(ShardKeyWorkload.Bucket b) {
    return b.operations().isEmpty() ? "" : " (" + String.join(", ", b.operations()) + ")";
  }

  static double share(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }
}
