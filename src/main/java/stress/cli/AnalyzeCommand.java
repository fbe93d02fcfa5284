package stress.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import java.util.List;
import stress.app.Commands;
import stress.app.shardkey.ShardKeyJob;
import stress.model.UsageException;
import stress.workload.WorkloadFile;

/** {@code stress analyze}: the path facts that decide how MongoDB-style operations are written, found again. */
@Command(name = "analyze", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Find again, with one scan of the table, the facts that decide how MongoDB-style operations are"
        + " written for it (per document path: the kinds of values there, and whether an array occurs on the way) and"
        + " keep them in the table stress_path_facts beside it: the paths already kept, and those the --workload"
        + " file's operations read.",
        "A run finds missing facts itself and trusts kept ones: run this after the data changed outside stress.",
        "With --shard-key, instead: which path to distribute the table by, as MongoDB 7.0's analyzeShardKey tells it."
        + " Per candidate path, counted by the server: distinct values, the most frequent ones and their share,"
        + " monotonicity in _id order, documents missing the path or holding an array or a document there; and where"
        + " the --workload file's MongoDB-style operations would go by their weights: one shard (the filter, or a"
        + " pipeline's leading $match, pins the path by equality or a one-value $in at its top or inside $and),"
        + " several (a $in of several values) or all (a $lookup not joined on the key, $graphLookup or $unionWith"
        + " reaches all), and the updates that would change the key. Without paths it"
        + " ranks the paths the operations pin, best first (the share of weight to one shard first, then fewer key"
        + " updates, fewer broadcasts, a less frequent top value, more distinct values), each with the reason."
        + " Writes nothing to the target."})
final class AnalyzeCommand implements Callable<Integer> {
  @ParentCommand
  StressCommand root;

  @Mixin
  TargetTableArgs target;

  @Option(names = "--workload", paramLabel = "FILE",
      description = "YAML workload file whose MongoDB-style operations' paths are analyzed too; with --shard-key,"
          + " whose operations are counted by where they would go.")
  Path workload;

  @Option(names = "--shard-key", arity = "0..1", fallbackValue = "", paramLabel = "PATH[,PATH...]",
      description = "Analyze candidate shard keys instead: these document paths, or without a value the paths the"
          + " --workload file's operations pin, ranked.")
  String shardKey;

  @Option(names = "--top", paramLabel = "N", description = "With --shard-key: how many of the most frequent values"
      + " to show per path. Default: 5.")
  Integer top;

  @Option(names = "--json", paramLabel = "FILE", description = "With --shard-key: write the analysis as JSON.")
  Path json;

  @Override
  public Integer call() throws Exception {
    if (shardKey == null && (top != null || json != null)) {
      throw new UsageException((top != null ? "--top" : "--json") + " applies to analyze --shard-key only");
    }
    WorkloadFile file = workload == null ? null : WorkloadFile.load(workload);
    if (shardKey != null) {
      List<String> paths = shardKey.isEmpty() ? List.of() : List.of(shardKey.split(",", -1));
      ShardKeyJob.Request request = new ShardKeyJob.Request(paths.stream().map(String::strip).distinct().toList(), file,
          target.schema(), target.table(), top == null ? 5 : top, json);
      return Commands.analyzeShardKey(request, target.connection(root.connection), root.out).code();
    }
    return Commands.analyze(file, target.schema(), target.table(), target.connection(root.connection), root.out).code();
  }
}
