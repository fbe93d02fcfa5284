package stress.config;

import java.util.ArrayList;
import java.util.List;
import stress.model.Shape;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;

/**
 * What {@code stress init} was asked to do.
 *
 * @param docs   documents to generate (keys 1..docs)
 * @param shape  small or large documents
 * @param seed   generator seed
 * @param schema schema, or null for the search path
 * @param table  table name
 * @param policy what to do with existing tables
 * @param jobs   parallel COPY streams
 * @param unlogged create the tables UNLOGGED
 * @param distributeBy the document path the table is distributed by ({@code --distribute-by}), or null
 * @param reference    replicate the table to every node ({@code --reference})
 */
public record InitConfig(long docs, Shape shape, long seed, String schema, String table, ExistingTablePolicy policy,
                         int jobs, boolean unlogged, String distributeBy, boolean reference) {

  /** A table distributed by {@code _id}. */
  public InitConfig(long docs, Shape shape, long seed, String schema, String table, ExistingTablePolicy policy,
                    int jobs, boolean unlogged) {
    this(docs, shape, seed, schema, table, policy, jobs, unlogged, null, false);
  }

  public InitConfig {
    List<String> problems = new ArrayList<>();
    if (docs < 1) {
      problems.add("--docs must be at least 1, got " + docs);
    }
    if (jobs < 1) {
      problems.add("--jobs must be at least 1, got " + jobs);
    }
    if (table == null || table.isBlank()) {
      problems.add("--table must not be empty");
    }
    if (distributeBy != null && reference) {
      problems.add("--distribute-by and --reference exclude each other: a table is either distributed by a key or"
          + " replicated");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }
}
