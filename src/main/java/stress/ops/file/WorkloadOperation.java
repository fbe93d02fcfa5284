package stress.ops.file;

import java.sql.SQLException;
import java.util.List;
import stress.model.UsageException;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.OperationSession;
import stress.ops.sql.ResultRows;
import stress.ops.sql.Sql;

/**
 * An operation declared in a workload file: one statement or a short sequence of SQL statements, whose
 * {@code ?} placeholders take the values of named parameters. The file's parser has already translated
 * the names to positions, so an execution draws each parameter once and binds arrays by index: no parsing,
 * no maps on the hot path.
 *
 * @param name        the name users type after --op
 * @param statements  the statements, run in order
 * @param generators  one generator per distinct parameter, drawn once per execution
 * @param positions   for each statement, the parameter index of each placeholder in order
 * @param queries     for each statement, true when it returns rows (read and counted) rather than a count
 * @param transaction true to run the statements in one transaction
 * @param usesKeys    true when some parameter is a key of the table
 * @param usesCopy    true when a statement names {@code {copy_table}}
 * @param sources     for each statement, {@code file:line} where it is written, for messages
 * @param computed    for each statement, null when its placeholders take parameter values as {@code positions}
 *                    says, else how each placeholder's value is made (a MongoDB-style operation's)
 * @param translation null when the statements are the same on every table, else how to write them for one
 * @param forms       how the statements were written for the table, when they were
 * @param declared    for an operation of SQL statements, each generator as the file declares it (checked against
 *                    the types the server gives its placeholders before the run); empty for a MongoDB-style one,
 *                    whose statements cast their placeholders themselves
 */
public record WorkloadOperation(String name, List<String> statements, List<ParameterGenerator> generators,
                                int[][] positions, boolean[] queries, boolean transaction, boolean usesKeys,
                                boolean usesCopy, List<String> sources, PlaceholderValue[][] computed,
                                TableTranslation translation, TableForms forms, List<ParameterDeclaration> declared)
    implements Operation {

  /** An operation whose parameters are not checked against the server's types (a MongoDB-style one). */
  public WorkloadOperation(String name, List<String> statements, List<ParameterGenerator> generators,
                           int[][] positions, boolean[] queries, boolean transaction, boolean usesKeys,
                           boolean usesCopy, List<String> sources, PlaceholderValue[][] computed,
                           TableTranslation translation, TableForms forms) {
    this(name, statements, generators, positions, queries, transaction, usesKeys, usesCopy, sources, computed,
        translation, forms, List.of());
  }

  /** An operation written for no table yet, or the same on every table. */
  public WorkloadOperation(String name, List<String> statements, List<ParameterGenerator> generators,
                           int[][] positions, boolean[] queries, boolean transaction, boolean usesKeys,
                           boolean usesCopy, List<String> sources, PlaceholderValue[][] computed,
                           TableTranslation translation) {
    this(name, statements, generators, positions, queries, transaction, usesKeys, usesCopy, sources, computed,
        translation, TableForms.NONE);
  }

  /** An operation whose statements are the same on every table. */
  public WorkloadOperation(String name, List<String> statements, List<ParameterGenerator> generators,
                           int[][] positions, boolean[] queries, boolean transaction, boolean usesKeys,
                           boolean usesCopy, List<String> sources, PlaceholderValue[][] computed) {
    this(name, statements, generators, positions, queries, transaction, usesKeys, usesCopy, sources, computed, null);
  }

  /** The operation as written for this table (itself when its statements are the same on every table). */
  public WorkloadOperation forTable(java.sql.Connection connection, stress.table.DocumentTable table)
      throws SQLException {
    return translation == null ? this : translation.forTable(connection, table);
  }

  /** An operation of SQL statements whose placeholders each take one parameter's value. */
  public WorkloadOperation(String name, List<String> statements, List<ParameterGenerator> generators,
                           int[][] positions, boolean[] queries, boolean transaction, boolean usesKeys,
                           boolean usesCopy, List<String> sources) {
    this(name, statements, generators, positions, queries, transaction, usesKeys, usesCopy, sources, List.of());
  }

  /**
   * An operation of SQL statements whose placeholders each take one parameter's value, with the parameters as the
   * file declares them ({@code declared}, one per generator).
   */
  public WorkloadOperation(String name, List<String> statements, List<ParameterGenerator> generators,
                           int[][] positions, boolean[] queries, boolean transaction, boolean usesKeys,
                           boolean usesCopy, List<String> sources, List<ParameterDeclaration> declared) {
    this(name, statements, generators, positions, queries, transaction, usesKeys, usesCopy, sources,
        new PlaceholderValue[statements.size()][], null, TableForms.NONE, List.copyOf(declared));
  }

  /** Statement {@code i} as sent to this table: its name, its copy table's, and {@code _id} literals filled in. */
  public String textFor(int i, stress.table.DocumentTable table) {
    String text = statements.get(i);
    if (text.contains(KEY_COLUMN)) {
      if (!table.layout().keyed()) {
        throw new stress.model.UsageException(String.join(", ", sources) + ": operation '" + name + "' names "
            + KEY_COLUMN + ", but table " + table.displayName() + " has no key column (it is "
            + table.layout().describe() + "); import it with --distribute-by, or name the column as it is");
      }
      text = text.replace(KEY_COLUMN, table.layout().quotedColumn());
    }
    return IdLiteral.resolve(text.replace(TABLE, table.qualifiedName())
        .replace(COPY_TABLE, table.copyTable().qualifiedName()), table.idType());
  }

  /**
   * Has the server parse every statement for this table (a describe, nothing runs), so SQL it refuses stops
   * the run before any load with one line naming the file, line and operation. A parameter of an SQL statement
   * whose values the server does not take where the statement uses it (an int compared with {@code ->>}'s text)
   * is refused the same way ({@link ParameterTypeCheck}).
   *
   * @param typedStrings true when strings are bound as typed parameters (a run in prepared mode), false when they
   *                     are only written as literals, which the server reads as whatever type it needs
   */
  public void checkOnServer(java.sql.Connection connection, stress.table.DocumentTable table, boolean typedStrings) {
    for (int i = 0; i < statements.size(); i++) {
      String text = textFor(i, table);
      String[] types;
      try (java.sql.PreparedStatement ps = connection.prepareStatement(text)) {
        java.sql.ParameterMetaData meta = ps.getParameterMetaData();
        types = new String[meta.getParameterCount()];
        for (int p = 0; p < types.length; p++) {
          types[p] = meta.getParameterTypeName(p + 1);
        }
      } catch (SQLException e) {
        throw new UsageException(sources.get(i) + ": operation '" + name
            + "': the server refuses the statement: " + e.getMessage().lines().findFirst().orElse(""));
      }
      if (computed[i] == null && !declared.isEmpty()) {
        ParameterTypeCheck.check(connection, text, types, positions[i], declared, typedStrings,
            sources.get(i) + ": operation '" + name + "'");
      }
    }
  }

  /** As {@link #checkOnServer(java.sql.Connection, stress.table.DocumentTable, boolean)} for a prepared run. */
  public void checkOnServer(java.sql.Connection connection, stress.table.DocumentTable table) {
    checkOnServer(connection, table, true);
  }

  /** Reads the values of every sampled parameter (before measuring); returns one line each for the header. */
  public List<String> readSamples(java.sql.Connection connection, stress.table.DocumentTable table)
      throws SQLException {
    List<String> lines = new java.util.ArrayList<>();
    for (ParameterGenerator g : generators) {
      if (g instanceof SampledValues sampled) {
        sampled.read(connection, table, name);
        lines.add(name + "." + sampled.describe());
      }
    }
    return lines;
  }

  @Override
  public String description() {
    return "from the workload file: " + String.join("; ", statements);
  }

  @Override
  public boolean readsExistingKeys() {
    return usesKeys;
  }

  /** For each parameter (in the order of a draw), true when it is declared {@code key}: one of the table's keys. */
  public boolean[] keyParameters() {
    boolean[] keys = new boolean[generators.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = generators.get(i) instanceof ExistingKeyParameter;
    }
    return keys;
  }

  /** True when a parameter is {@code new_key}. */
  @Override
  public boolean insertsNewKeys() {
    return generators.stream().anyMatch(g -> g instanceof NewKeyParameter);
  }

  @Override
  public boolean usesCopyTable() {
    return usesCopy;
  }

  @Override
  public Bound bind(OperationContext context) {
    Sql[] sql = new Sql[statements.size()];
    for (int i = 0; i < sql.length; i++) {
      sql[i] = new Sql(textFor(i, context.table()), true);
    }
    ParameterGenerator[] gens = boundGenerators(context);
    if (sql.length == 1 && !transaction) {
      Sql only = sql[0];
      int[] pos = positions[0];
      PlaceholderValue[] made = computed[0];
      boolean query = queries[0];
      return session -> runOne(session, only, pos, made, query, draw(session, gens));
    }
    return session -> {
      Object[] values = draw(session, gens);
      Operation.Bound all = s -> {
        long rows = 0;
        for (int i = 0; i < sql.length; i++) {
          rows += runOne(s, sql[i], positions[i], computed[i], queries[i], values);
        }
        return rows;
      };
      return transaction ? ResultRows.inTransaction(session.connection(), () -> all.execute(session))
          : all.execute(session);
    };
  }

  /** The generators as a run draws from them: {@code new_key} bound to the run's new keys. */
  private ParameterGenerator[] boundGenerators(OperationContext context) {
    ParameterGenerator[] gens = generators.toArray(ParameterGenerator[]::new);
    for (int i = 0; i < gens.length; i++) {
      if (gens[i] instanceof NewKeyParameter) {
        gens[i] = NewKeyParameter.bound(context.requireNewDocuments(name).keys());
      }
    }
    return gens;
  }

  /**
   * One execution's values as {@link #bind} draws them for this run ({@code new_key} from the run's new keys), for a
   * run that sends the operation elsewhere (a MongoDB target).
   */
  public java.util.function.Function<OperationSession, Object[]> drawing(OperationContext context) {
    ParameterGenerator[] gens = boundGenerators(context);
    return session -> draw(session, gens);
  }

  /** Where the run's table goes in the SQL text: replaced by its quoted, schema-qualified name. */
  public static final String TABLE = "{table}";
  /** Where the table's key column goes (quoted), in a table distributed by a key path. */
  public static final String KEY_COLUMN = "{key_column}";
  /** Where the run's copy table goes. */
  public static final String COPY_TABLE = "{copy_table}";

  private static Object[] draw(OperationSession session, ParameterGenerator[] gens) {
    Object[] values = new Object[gens.length];
    for (int i = 0; i < gens.length; i++) {
      values[i] = gens[i].next(session);
    }
    return values;
  }

  /**
   * One execution's values, each parameter drawn once from the session's random source, as a run draws them (the run's
   * own statements draw from an array made once in {@link #bind}, which this list holds in the same order).
   */
  public Object[] draw(OperationSession session) {
    Object[] values = new Object[generators.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = generators.get(i).next(session);
    }
    return values;
  }

  /** What statement {@code i}'s placeholders bind for these drawn values, as a run binds them. */
  public Object[] parameters(int i, Object[] drawn) {
    return bound(positions[i], computed[i], drawn);
  }

  private static long runOne(OperationSession session, Sql sql, int[] positions, PlaceholderValue[] made,
                             boolean query, Object[] values) throws SQLException {
    Object[] params = bound(positions, made, values);
    return query ? session.sql().queryRows(sql, params) : session.sql().update(sql, params);
  }

  /** The values of a statement's placeholders: made from the drawn ones, or the drawn ones in placeholder order. */
  private static Object[] bound(int[] positions, PlaceholderValue[] made, Object[] values) {
    Object[] params = values;
    if (made != null) {
      params = new Object[made.length];
      for (int i = 0; i < made.length; i++) {
        params[i] = made[i].of(values);
      }
    } else if (!identity(positions, values.length)) {
      params = new Object[positions.length];
      for (int i = 0; i < positions.length; i++) {
        params[i] = values[positions[i]];
      }
    }
    return params;
  }

  private static boolean identity(int[] positions, int count) {
    if (positions.length != count) {
      return false;
    }
    for (int i = 0; i < count; i++) {
      if (positions[i] != i) {
        return false;
      }
    }
    return true;
  }
}
