package stress.app.shardkey;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import stress.app.data.CommandResultJson;
import stress.app.output.ResultFileClaim;
import stress.app.process.ExitCode;
import stress.app.setup.ChosenDatabase;
import stress.connect.PhysicalConnections;
import stress.load.TableSetup;
import stress.model.UsageException;
import stress.mongo.routing.KeyFigures;
import stress.table.DocumentTable;
import stress.workload.ShardKeyRanking;
import stress.workload.ShardKeyWorkload;
import stress.workload.WorkloadFile;

/**
 * {@code stress analyze --shard-key}: which document path to distribute a collection by, as MongoDB 7.0's
 * {@code analyzeShardKey} answers it for sampled queries. Per candidate path: its characteristics counted by the
 * server ({@link KeyFigures}) and where the workload file's operations would go under it by their weights
 * ({@link ShardKeyWorkload}); without candidates, the paths the operations pin, ranked with the reason
 * ({@link ShardKeyRanking}). Read only, in a read-only transaction that is rolled back: nothing is written.
 */
public final class ShardKeyJob {
  /**
   * @param candidates the paths to analyze; empty: the paths the workload's operations pin
   * @param workload   the workload file, or null (characteristics only)
   * @param top        how many of the most frequent values to show
   * @param json       where to write the result as JSON, or null
   */
  public record Request(List<String> candidates, WorkloadFile workload, String schema, String table, int top,
                        Path json) {
    public Request {
      candidates = List.copyOf(candidates);
      if (top < 1) {
        throw new UsageException("--top " + top + ": must be at least 1");
      }
      if (candidates.isEmpty() && workload == null) {
        throw new UsageException("analyze --shard-key: give the candidate paths (--shard-key=PATH[,PATH...]) or a"
            + " --workload whose operations pin paths, or both");
      }
      for (String path : candidates) {
        if (path.isBlank()) {
          throw new UsageException("--shard-key: an empty path in the list; give PATH[,PATH...]");
        }
      }
      if (json != null) {
        ResultFileClaim.checkWritable(json);
      }
    }
  }

  private final Request request;
  private final ChosenDatabase database;
  private final PrintStream out;

  public ShardKeyJob(Request request, ChosenDatabase database, PrintStream out) {
    this.request = request;
    this.database = database;
    this.out = out;
  }

  /** Analyzes, prints, writes the JSON file when asked, and returns the exit code. */
  public ExitCode run() throws SQLException {
    Instant start = Instant.now();
    List<String> paths = candidates();
    try (Connection c = PhysicalConnections.open(database.spec())) {
      c.setAutoCommit(false);
      c.setReadOnly(true);
      try {
        DocumentTable table = TableSetup.existing(c, request.schema(), request.table(), false);
        List<ShardKeyRanking.Candidate> candidates = new ArrayList<>();
        for (String path : paths) {
          KeyFigures figures = figures(c, table, path);
          candidates.add(new ShardKeyRanking.Candidate(path, request.workload() == null ? null
              : ShardKeyWorkload.of(request.workload(), path), figures));
        }
        List<ShardKeyRanking.Ranked> ranked = ShardKeyRanking.rank(candidates);
        new ShardKeyText(out).print(table, request, candidates, ranked);
        if (request.json() != null) {
          CommandResultJson.write(ShardKeyJson.of(start, table, request, candidates, ranked), request.json());
          out.println("written: " + request.json());
        }
      } finally {
        c.rollback();
      }
    }
    return ExitCode.OK;
  }

  private KeyFigures figures(Connection c, DocumentTable table, String path) throws SQLException {
    try {
      return KeyFigures.read(c, table, path, request.top());
    } catch (IllegalArgumentException e) {
      throw new UsageException("--shard-key " + path + ": " + e.getMessage());
    }
  }

  /** The given paths, else those the workload's operations pin (heaviest first). */
  private List<String> candidates() {
    if (!request.candidates().isEmpty()) {
      return request.candidates();
    }
    List<String> pinned = new ArrayList<>(ShardKeyWorkload.pinnedPaths(request.workload()).keySet());
    if (pinned.isEmpty()) {
      throw new UsageException("analyze --shard-key: no operation of " + request.workload().file() + " pins a path by"
          + " equality or $in (at the top of its filter, inside $and, or in a pipeline's leading $match), so every"
          + " one reaches every shard under any key; name the candidates with --shard-key=PATH[,PATH...]");
    }
    return pinned;
  }
}
