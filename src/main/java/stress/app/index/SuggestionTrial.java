package stress.app.index;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.config.Defaults;
import stress.dump.generate.DocumentGenerator;
import stress.keys.KeyChooser;
import stress.keys.KeySpace;
import stress.keys.KeySpaceReader;
import stress.keys.NewKeys;
import stress.keys.UniformDistribution;
import stress.model.Instance;
import stress.model.OperationSettings;
import stress.model.Shape;
import stress.ops.NewDocuments;
import stress.ops.OperationContext;
import stress.ops.sql.SentStatement;
import stress.ops.StatementRecorder;
import stress.ops.file.WorkloadOperation;
import stress.table.DocumentTable;
import stress.table.Identifiers;
import stress.server.explain.IndexUse;

/**
 * Whether a suggested index serves the operations it was suggested for better than what serves them now, as the
 * table's statistics say: the planner's estimate of their statements with the index against without it.
 *
 * <p>The index is built (a real build: an estimate needs the index and the statistics of its expression, which
 * PostgreSQL gathers only for an index that is there, and hypothetical indexes need an extension) and the table
 * analysed. Each operation's statements are taken from a dry run of the operation as written for the table before
 * the build and again after it (the forms may change with the index: an equality is written typed where a btree is
 * there), each with the values of {@value #DRAWS} draws of its parameters, and estimated by the total cost of the top
 * node of each statement's plan. Both are then explained on the same
 * statistics: with the index as it is, and without it inside a transaction that drops it and is rolled back. The
 * index is kept when the plan of some operation reads it at a lower estimated cost and no operation's estimate
 * rises; otherwise it is dropped again, and the line says why.
 */
public final class SuggestionTrial {
  /** Draws of each operation's parameters whose statements are explained (their estimates summed). */
  public static final int DRAWS = 3;
  /** Total cost of a plan node, {@code (cost=0.42..8.44 rows=1 width=32)}. */
  private static final Pattern COST = Pattern.compile("cost=[0-9.]+\\.\\.([0-9.]+)");

  private final Connection c;
  private final DocumentTable table;
  private final KeyChooser keys;
  private final NewDocuments newDocuments;
  private final long seed;
  /** Operations whose sampled parameters were read. */
  private final java.util.Set<String> sampled = new java.util.HashSet<>();
  private final OperationSettings settings = new OperationSettings(Integer.parseInt(Defaults.BATCH),
      Integer.parseInt(Defaults.LIMIT_MIN), Integer.parseInt(Defaults.LIMIT_MAX),
      Integer.parseInt(Defaults.FETCH_SIZE));

  private SuggestionTrial(Connection c, DocumentTable table, KeyChooser keys, NewDocuments newDocuments, long seed) {
    this.c = c;
    this.table = table;
    this.keys = keys;
    this.newDocuments = newDocuments;
    this.seed = seed;
  }

  /** A trial on this table: reads its keys once (as explain does), for operations that look documents up by key. */
  public static SuggestionTrial on(Connection c, DocumentTable table, boolean newKeys) throws SQLException {
    KeySpace space = KeySpaceReader.read(c, table, Integer.parseInt(Defaults.KEY_SAMPLE));
    long seed = Long.parseLong(Defaults.SEED);
    NewDocuments documents = newKeys ? new NewDocuments(NewKeys.above(c, table, Instance.SOLE),
        new DocumentGenerator(Shape.SMALL, seed), null) : null;
    return new SuggestionTrial(c, table, new KeyChooser(space, new UniformDistribution(space.size())), documents,
        seed);
  }

  /**
   * The statements of each operation as written for the table now, with the values of each draw written in.
   *
   * @param operations the file's operations (which write themselves for the table)
   */
  public Map<String, List<String>> statements(List<WorkloadOperation> operations) throws SQLException {
    Map<String, List<String>> statements = new LinkedHashMap<>();
    for (WorkloadOperation op : operations) {
      WorkloadOperation written = op.forTable(c, table);
      if (sampled.add(op.name())) {
        written.readSamples(c, table); // the generators are the operation's own, whatever table it is written for
      }
      SplittableRandom random = new SplittableRandom(seed);
      List<String> texts = new ArrayList<>();
      for (int draw = 0; draw < DRAWS; draw++) {
        var bound = written.bind(new OperationContext(table, settings, newDocuments));
        for (SentStatement sent : StatementRecorder.record(bound, c, keys, random.split(), settings.fetchSize())) {
          texts.add(sent.literalText(c));
        }
      }
      statements.put(op.name(), texts);
    }
    return statements;
  }

  /** The planner's estimate of an operation's statements: the sum of their costs, and what their plans read. */
  record Estimate(double cost, IndexUse use) {
    String cost(Locale locale) {
      return String.format(locale, "%,.1f", cost);
    }
  }

  /**
   * Each operation's estimate as the table stands: per statement the total cost of the first plan node that prints
   * one above 0, the top node's (under a Limit, the nodes below print what they would cost read to the end).
   */
  public Map<String, Estimate> estimates(Map<String, List<String>> statements) throws SQLException {
    Map<String, Estimate> estimates = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : statements.entrySet()) {
      double cost = 0;
      List<String> lines = new ArrayList<>();
      for (String text : e.getValue()) {
        double top = 0;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN " + text)) {
          while (rs.next()) {
            String line = rs.getString(1);
            lines.add(line);
            Matcher m = COST.matcher(line);
            if (top == 0 && m.find()) {
              top = Double.parseDouble(m.group(1)); // Citus prints 0 on its own node, the shard's plan below it
            }
          }
        }
        cost += top;
      }
      estimates.put(e.getKey(), new Estimate(cost, IndexUse.of(lines)));
    }
    return estimates;
  }

  /** The estimates without the index {@code name}: dropped in a transaction that is rolled back. */
  public Map<String, Estimate> estimatesWithout(String name, Map<String, List<String>> statements) throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute("DROP INDEX " + qualified(name));
      return estimates(statements);
    } finally {
      c.rollback();
      c.setAutoCommit(true);
    }
  }

  /** Drops an index that was left out. */
  public void drop(String name) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("DROP INDEX " + qualified(name));
    }
  }

  private String qualified(String name) {
    return table.schema() == null ? Identifiers.quote(name) : Identifiers.quote(table.schema()) + "."
        + Identifiers.quote(name);
  }

  /**
   * The verdict: whether to keep index {@code name}, and why, from each operation's estimate without it and with it.
   *
   * @return {@code kept: ...} or {@code left out: ...}, naming the operations and their estimates
   */
  public static Verdict verdict(String name, Map<String, Estimate> without, Map<String, Estimate> with) {
    List<String> better = new ArrayList<>();
    List<String> worse = new ArrayList<>();
    List<String> unread = new ArrayList<>();
    for (Map.Entry<String, Estimate> e : with.entrySet()) {
      Estimate before = without.get(e.getKey());
      Estimate after = e.getValue();
      String figures = "'" + e.getKey() + "' (" + before.cost(Locale.ROOT) + " without it, "
          + after.cost(Locale.ROOT) + " with it)";
      boolean reads = after.use().indexes().stream().anyMatch(i -> i.replace("\"", "").startsWith(name));
      if (after.cost() > before.cost() * (1 + 1e-9)) {
        worse.add(figures + " reading " + after.use().line());
      } else if (reads && after.cost() < before.cost()) {
        better.add(figures);
      } else {
        unread.add(figures + (reads ? ": read at no lower cost" : ": not read; now " + before.use().line()));
      }
    }
    if (!better.isEmpty() && worse.isEmpty()) {
      return new Verdict(true, "kept: the planner's estimate falls with it for " + String.join("; ", better));
    }
    List<String> why = new ArrayList<>(worse.stream().map(w -> w + ", its estimate rises").toList());
    why.addAll(unread);
    return new Verdict(false, "left out (dropped again): by the planner's estimate it serves none better: "
        + String.join("; ", why));
  }

  /** Whether a suggested index is kept, and the line that says why. */
  public record Verdict(boolean kept, String line) {}
}
