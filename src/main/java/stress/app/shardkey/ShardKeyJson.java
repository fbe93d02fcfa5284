package stress.app.shardkey;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.app.data.CommandResultJson;
import stress.app.process.ExitCode;
import stress.mongo.routing.KeyFigures;
import stress.table.DocumentTable;
import stress.workload.ShardKeyRanking;
import stress.workload.ShardKeyWorkload;

/**
 * The {@code --json} file of {@code stress analyze --shard-key}, named after the fields of MongoDB's
 * {@code analyzeShardKey} result where they mean the same ({@code keyCharacteristics}, {@code numDistinctValues},
 * {@code mostCommonValues}, {@code monotonicity}, {@code readDistribution}, {@code writeDistribution}), with weights
 * in place of sampled query counts.
 */
final class ShardKeyJson {
  private ShardKeyJson() {}

  static Map<String, Object> of(Instant start, DocumentTable table, ShardKeyJob.Request request,
                                List<ShardKeyRanking.Candidate> candidates, List<ShardKeyRanking.Ranked> ranked) {
    Map<String, Object> json = CommandResultJson.header("analyze --shard-key", start, ExitCode.OK);
    json.put("table", table.displayName());
    json.put("workload", request.workload() == null ? null : request.workload().file().toString());
    List<Object> list = new ArrayList<>();
    for (ShardKeyRanking.Candidate c : candidates) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("path", c.path());
      one.put("keyCharacteristics", characteristics(c.figures()));
      if (c.operations() != null) {
        ShardKeyWorkload ops = c.operations();
        one.put("readDistribution", spread(ops.reads()));
        Map<String, Object> writes = spread(ops.writes());
        writes.put("shardKeyUpdates", bucket(ops.keyUpdates(), ops.all().weight()));
        one.put("writeDistribution", writes);
        one.put("readsAndWrites", spread(ops.all()));
        one.put("inserts", bucket(ops.inserts(), 0));
        one.put("notRead", bucket(ops.notRead(), 0));
        one.put("widerByJoins", bucket(ops.joins(), 0));
      }
      list.add(one);
    }
    json.put("candidates", list);
    List<Object> ranking = new ArrayList<>();
    for (ShardKeyRanking.Ranked r : ranked) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("rank", r.rank());
      one.put("path", r.candidate().path());
      one.put("unfit", r.unfit());
      one.put("reason", r.reason());
      ranking.add(one);
    }
    json.put("ranking", ranking);
    json.put("best", ranked.isEmpty() || ranked.get(0).unfit() != null ? null : ranked.get(0).candidate().path());
    return json;
  }

  private static Map<String, Object> characteristics(KeyFigures f) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("numDocs", f.documents());
    json.put("numDocsWithKeyValue", f.keyed());
    json.put("numDistinctValues", f.distinct());
    List<Object> top = new ArrayList<>();
    for (KeyFigures.ValueCount v : f.top()) {
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("value", jsonValue(v.value()));
      one.put("frequency", v.documents());
      one.put("share", ShardKeyText.share(v.documents(), f.documents()));
      top.add(one);
    }
    json.put("mostCommonValues", top);
    Map<String, Object> monotonicity = new LinkedHashMap<>();
    monotonicity.put("type", f.monotonicity() == null ? "unknown" : f.monotonic() ? "monotonic" : "not monotonic");
    monotonicity.put("idOrderCorrelationCoefficient", f.monotonicity());
    monotonicity.put("error", f.monotonicityError());
    json.put("monotonicity", monotonicity);
    json.put("numDocsMissingPath", f.missing());
    json.put("numDocsWithArrays", f.arrays());
    json.put("numDocsWithDocuments", f.subdocuments());
    return json;
  }

  private static Map<String, Object> spread(ShardKeyWorkload.Spread s) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("weight", s.weight());
    json.put("singleShard", bucket(s.one(), s.weight()));
    json.put("multiShard", bucket(s.several(), s.weight()));
    json.put("scatterGather", bucket(s.all(), s.weight()));
    return json;
  }

  /** A bucket's weight, its share of {@code whole} (left out when whole is 0) and its operations. */
  private static Map<String, Object> bucket(ShardKeyWorkload.Bucket b, long whole) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("weight", b.weight());
    if (whole > 0) {
      json.put("share", ShardKeyText.share(b.weight(), whole));
    }
    json.put("operations", b.operations());
    return json;
  }

  /** A value as the server wrote it (jsonb text), as JSON. */
  private static Object jsonValue(String text) {
    try {
      return stress.report.JsonReport.mapper().readTree(text);
    } catch (JsonProcessingException e) {
      return text;
    }
  }
}
