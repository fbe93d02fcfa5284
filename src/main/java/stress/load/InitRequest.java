package stress.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import stress.model.Shape;
import stress.model.ExistingTablePolicy;
import stress.model.UsageException;
import stress.table.DocumentTable;
import stress.table.IdType;

/**
 * What {@code init} should build: {@code documents} generated documents with keys 1..documents in
 * {@code table} and its copy table. All problems are reported at once when the request is built.
 *
 * @param table     the document table; its {@code _id} type must be integer or bigint
 * @param documents how many documents, at least 0 (0 creates empty tables)
 * @param shape     small or large documents
 * @param seed      generator seed; the same seed gives the same data set
 * @param policy    what to do with existing tables
 * @param streams   parallel load streams, each on its own connection with a disjoint key range, at least 1
 * @param batching  when each stream commits
 * @param unlogged  create the tables UNLOGGED (no WAL; emptied by a crash)
 */
public record InitRequest(DocumentTable table, long documents, Shape shape, long seed, ExistingTablePolicy policy,
    int streams, CopyBatching batching, boolean unlogged, boolean layoutGiven) {
  public static final long DEFAULT_SEED = 1;
  public static final int DEFAULT_STREAMS = 2;

  public InitRequest {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(batching, "batching");
    List<String> problems = new ArrayList<>();
    if (documents < 0) {
      problems.add("document count must be at least 0, got " + documents);
    }
    if (streams < 1) {
      problems.add("load streams must be at least 1, got " + streams);
    }
    String idProblem = idTypeProblem(table, documents);
    if (idProblem != null) {
      problems.add(idProblem);
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }

  /** A request whose table is laid out as the target has it, or by {@code _id} when created. */
  public InitRequest(DocumentTable table, long documents, Shape shape, long seed, ExistingTablePolicy policy,
                     int streams, CopyBatching batching, boolean unlogged) {
    this(table, documents, shape, seed, policy, streams, batching, unlogged, false);
  }

  /** The same request for a table laid out {@code layout}: an existing table made with another one is refused. */
  public InitRequest withLayout(stress.table.Layout layout) {
    return new InitRequest(table.withLayout(layout), documents, shape, seed, policy, streams, batching, unlogged, true);
  }

  /** A request for logged tables. */
  public InitRequest(DocumentTable table, long documents, Shape shape, long seed, ExistingTablePolicy policy,
                     int streams, CopyBatching batching) {
    this(table, documents, shape, seed, policy, streams, batching, false);
  }

  /** A request with the default seed, policy ({@link ExistingTablePolicy#FAIL_IF_EXISTS}), streams and batching. */
  public static InitRequest of(DocumentTable table, long documents, Shape shape) {
    return new InitRequest(table, documents, shape, DEFAULT_SEED, ExistingTablePolicy.FAIL_IF_EXISTS, DEFAULT_STREAMS,
        CopyBatching.DEFAULT);
  }

  public InitRequest withSeed(long newSeed) {
    return new InitRequest(table, documents, shape, newSeed, policy, streams, batching, unlogged, layoutGiven);
  }

  public InitRequest withPolicy(ExistingTablePolicy newPolicy) {
    return new InitRequest(table, documents, shape, seed, newPolicy, streams, batching, unlogged, layoutGiven);
  }

  public InitRequest withStreams(int newStreams) {
    return new InitRequest(table, documents, shape, seed, policy, newStreams, batching, unlogged, layoutGiven);
  }

  public InitRequest withBatching(CopyBatching newBatching) {
    return new InitRequest(table, documents, shape, seed, policy, streams, newBatching, unlogged, layoutGiven);
  }

  public InitRequest withUnlogged(boolean newUnlogged) {
    return new InitRequest(table, documents, shape, seed, policy, streams, batching, newUnlogged, layoutGiven);
  }

  /** Why generated keys 1..documents do not fit the table's {@code _id} type, or null when they do. */
  static String idTypeProblem(DocumentTable table, long documents) {
    IdType type = table.idType();
    if (type != IdType.INTEGER && type != IdType.BIGINT) {
      return "table " + table.displayName() + " has _id " + type.sql() + ", but init generates integer keys;"
          + " use integer or bigint";
    }
    if (type == IdType.INTEGER && documents > Integer.MAX_VALUE) {
      return "table " + table.displayName() + " has _id integer, which cannot hold keys up to " + documents
          + "; use bigint";
    }
    return null;
  }
}
