package stress.app.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import stress.report.assess.LayoutSection;

/**
 * A collection's layout on a cluster chosen from the result {@code stress analyze --shard-key --json} writes: a
 * reference table (a copy on every node, import's {@code --reference}) when the collection is small and seldom
 * written, else distributed by the best-ranked key (import's {@code --distribute-by}), or by {@code _id} (import's
 * default) when no candidate is fit; and each operation's route under it, as the ranking counted them.
 */
final class LayoutPlan {
  /** At most this many documents for a reference table: each node keeps the whole collection. */
  static final long REFERENCE_MAX_DOCUMENTS = 10_000;
  /** At most this many bytes (16 MiB) for a reference table. */
  static final long REFERENCE_MAX_BYTES = 16L << 20;
  /** At most this share of the collection's weight written: each write to a reference table goes to every node. */
  static final double REFERENCE_MAX_WRITE_SHARE = 0.10;

  private LayoutPlan() {}

  /** One collection's layout and its shapes' routes. */
  record Planned(LayoutSection.Collection collection, List<LayoutSection.Shape> shapes) {}

  static Planned of(String ns, String table, long documents, long bytes, JsonNode shardKey) {
    List<LayoutSection.Candidate> ranking = new ArrayList<>();
    for (JsonNode r : shardKey.path("ranking")) {
      ranking.add(new LayoutSection.Candidate(r.path("rank").asInt(), r.path("path").asText(),
          r.path("unfit").isNull() ? null : r.path("unfit").asText(null), r.path("reason").asText(null)));
    }
    JsonNode any = null;
    for (JsonNode c : shardKey.path("candidates")) {
      if (c.has("readsAndWrites")) {
        any = c;
        break;
      }
    }
    long total = any == null ? 0 : any.path("readsAndWrites").path("weight").asLong() + any.path("inserts")
        .path("weight").asLong();
    long writes = any == null ? 0 : any.path("writeDistribution").path("weight").asLong() + any.path("inserts")
        .path("weight").asLong();
    double writeShare = total == 0 ? 0 : (double) writes / total;
    List<LayoutSection.Shape> shapes = new ArrayList<>();
    if (documents <= REFERENCE_MAX_DOCUMENTS && bytes <= REFERENCE_MAX_BYTES && writeShare <= REFERENCE_MAX_WRITE_SHARE) {
      if (any != null) {
        for (String bucket : List.of("singleShard", "multiShard", "scatterGather")) {
          any.path("readDistribution").path(bucket).path("operations").forEach(o -> shapes.add(shape(ns, o, "single")));
          any.path("writeDistribution").path(bucket).path("operations").forEach(o -> shapes.add(shape(ns, o, "all")));
        }
        any.path("inserts").path("operations").forEach(o -> shapes.add(shape(ns, o, "all")));
      }
      String reason = String.format(Locale.ROOT, "%d documents, %d bytes, writes %.1f%% of its weight: at most %d"
          + " documents, %d bytes and %.0f%% written make a reference table, whose reads stay on one node and whose"
          + " joins reach no other", documents, bytes, 100 * writeShare, REFERENCE_MAX_DOCUMENTS, REFERENCE_MAX_BYTES,
          100 * REFERENCE_MAX_WRITE_SHARE);
      return new Planned(new LayoutSection.Collection(ns, table, documents, bytes, ranking, "reference", null,
          "--reference " + ns, reason, writeShare, List.of(), null), shapes);
    }
    String best = shardKey.path("best").isTextual() ? shardKey.path("best").asText() : null;
    String key = best == null ? "_id" : best;
    String reason = best != null ? ranking.stream().filter(r -> r.path().equals(best)).map(r -> "ranked first: "
        + r.reason()).findFirst().orElse("ranked first") : "no candidate is fit" + (ranking.isEmpty() ? ""
        : " (" + ranking.get(0).path() + ": " + ranking.get(0).unfit() + ")") + ", so by _id, import's default";
    JsonNode chosen = null;
    for (JsonNode c : shardKey.path("candidates")) {
      if (c.path("path").asText().equals(key)) {
        chosen = c;
      }
    }
    List<String> joins = new ArrayList<>();
    if (chosen != null) {
      chosen.path("readsAndWrites").path("singleShard").path("operations").forEach(o -> shapes.add(shape(ns, o,
          "single")));
      chosen.path("readsAndWrites").path("multiShard").path("operations").forEach(o -> shapes.add(shape(ns, o,
          "several")));
      chosen.path("readsAndWrites").path("scatterGather").path("operations").forEach(o -> shapes.add(shape(ns, o,
          "all")));
      chosen.path("inserts").path("operations").forEach(o -> shapes.add(shape(ns, o, "single")));
      chosen.path("widerByJoins").path("operations").forEach(o -> joins.add(o.asText()));
    } else {
      reason += "; the routes under " + key + " were not ranked (it pins no operation)";
    }
    return new Planned(new LayoutSection.Collection(ns, table, documents, bytes, ranking, "distributed by " + key, key,
        key.equals("_id") ? null : "--distribute-by " + ns + "=" + key, reason, writeShare, joins, null), shapes);
  }

  private static LayoutSection.Shape shape(String ns, JsonNode operation, String route) {
    return new LayoutSection.Shape(ns, operation.asText(), route);
  }
}
