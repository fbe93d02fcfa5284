package stress.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import stress.model.MongoRecorded;
import stress.model.UsageException;
import stress.ops.Operation;
import stress.ops.builtin.Operations;
import stress.ops.file.ParameterDeclaration;
import stress.ops.file.ParameterGenerator;
import stress.ops.file.WorkloadOperation;

/**
 * {@code --workload FILE}: named SQL operations with weights and parameter generators (see docs/workloads.md,
 * "Your own workload"). Everything is checked here, before any connection: a problem is one line naming the
 * file, the line, the operation and the rule.
 *
 * @param file       where it was read from
 * @param operations the operations by name, in file order
 * @param weights    each operation's weight, in file order
 * @param indexes    the {@code indexes:} section, which {@code stress index} creates
 * @param documentPaths the document paths whose facts decide the forms of the MongoDB-style operations
 * @param recorded   what MongoDB recorded for an operation (its {@code mongodb:} key), by operation name
 * @param mongo      each MongoDB-style operation as written, by operation name in file order (none for SQL ones)
 */
public record WorkloadFile(Path file, Map<String, Operation> operations, Map<String, Integer> weights,
                           List<IndexSpec> indexes, Set<String> documentPaths, Map<String, MongoRecorded> recorded,
                           Map<String, MongoSpec> mongo) {
  private static final Set<String> TOP_KEYS = Set.of("operations", "indexes");
  private static final Set<String> OPERATION_KEYS = operationKeys();
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern QUERY_START =
      Pattern.compile("^[\\s(]*(select|with|values|table|show|explain)\\b.*|.*\\breturning\\b.*", Pattern.DOTALL);

  private static Set<String> operationKeys() {
    Set<String> keys = new java.util.HashSet<>(Set.of("sql", "weight", "transaction", "params",
        MongoRecordedReader.KEY));
    keys.addAll(stress.mongo.MongoStatement.KINDS.keySet());
    return Set.copyOf(keys);
  }

  /** Reads and checks the file; the message of a refusal starts with {@code file:line:}. */
  public static WorkloadFile load(Path file) {
    String text;
    try {
      text = Files.readString(file);
    } catch (IOException e) {
      throw new UsageException("--workload " + file + ": cannot read it: " + e.getMessage());
    }
    return read(file, text);
  }

  /** Reads and checks a workload's text as {@link #load} reads a file; {@code file} names it in refusals. */
  public static WorkloadFile read(Path file, String text) {
    YamlNode root = root(file, text);
    try {
      return parse(file, root);
    } catch (WorkloadFileException e) {
      throw new UsageException(file + ":" + e.line() + ": " + e.getMessage());
    }
  }

  /** The YAML text's top value with its lines; a YAML mistake or an empty text is refused naming {@code file}. */
  static YamlNode root(Path file, String text) {
    try (JsonParser p = new YAMLFactory().createParser(text)) {
      if (p.nextToken() == null) {
        throw new UsageException("--workload " + file + ": the file is empty");
      }
      return YamlNode.read(p);
    } catch (JsonProcessingException e) {
      throw new UsageException(file + ":" + YamlSyntax.describe(e));
    } catch (IOException e) {
      throw new UsageException("--workload " + file + ": cannot read it: " + e.getMessage());
    } catch (WorkloadFileException e) {
      throw new UsageException(file + ":" + e.line() + ": " + e.getMessage());
    }
  }

  private static WorkloadFile parse(Path file, YamlNode root) {
    if (!root.isMap()) {
      throw new WorkloadFileException(root.line(), "the file must be a map with the key 'operations'");
    }
    checkKeys(root, TOP_KEYS, "the file");
    YamlNode ops = root.map().get("operations");
    if (ops == null || !ops.isMap() || ops.map().isEmpty()) {
      throw new WorkloadFileException(ops == null ? root.line() : ops.line(),
          "'operations' must be a map of at least one operation name to its definition");
    }
    Map<String, Operation> operations = new LinkedHashMap<>();
    Map<String, Integer> weights = new LinkedHashMap<>();
    Map<String, MongoRecorded> recorded = new LinkedHashMap<>();
    Map<String, MongoSpec> mongo = new LinkedHashMap<>();
    WorkloadScope scope = new WorkloadScope();
    Set<String> builtIns = Operations.known().keySet();
    for (Map.Entry<String, YamlNode> e : ops.map().entrySet()) {
      String name = e.getKey();
      YamlNode def = e.getValue();
      if (!NAME.matcher(name).matches()) {
        throw new WorkloadFileException(def.line(), "operation '" + name
            + "': a name is letters, digits and _ (it is typed after --op)");
      }
      if (builtIns.contains(name)) {
        throw new WorkloadFileException(def.line(), "operation '" + name + "': the name of a built-in operation");
      }
      try {
        weights.put(name, weight(def));
        operations.put(name, operation(file, name, def, scope));
        def.map().keySet().stream().filter(stress.mongo.MongoStatement.KINDS::containsKey).findFirst().ifPresent(kind ->
            mongo.put(name, new MongoSpec(kind, org.bson.BsonDocument.parse(def.map().get(kind).toJson()),
                def.map().get("params") != null && def.map().get("params").isMap()
                    ? List.copyOf(def.map().get("params").map().keySet()) : List.of())));
        YamlNode mongodb = def.map().get(MongoRecordedReader.KEY);
        if (mongodb != null) {
          recorded.put(name, MongoRecordedReader.read(mongodb));
        }
      } catch (WorkloadFileException problem) {
        throw new WorkloadFileException(problem.line(), "operation '" + name + "': " + problem.getMessage());
      }
    }
    List<IndexSpec> indexes = IndexSpec.parseAll(root.map().get("indexes"));
    scope.indexes(indexes);
    return new WorkloadFile(file, operations, weights, indexes, scope.paths(), recorded, mongo);
  }

  private static int weight(YamlNode def) {
    if (!def.isMap()) {
      throw new WorkloadFileException(def.line(), "must be a map with 'sql' and optionally weight, transaction, params");
    }
    checkKeys(def, OPERATION_KEYS, "an operation");
    YamlNode w = def.map().get("weight");
    if (w == null) {
      return 1;
    }
    if (!w.isWholeNumber() || Long.parseLong(w.text()) < 1 || Long.parseLong(w.text()) > Integer.MAX_VALUE) {
      throw new WorkloadFileException(w.line(), "weight must be a whole number of at least 1, got '" + w.text() + "'");
    }
    return Integer.parseInt(w.text());
  }

  private static WorkloadOperation operation(Path file, String name, YamlNode def, WorkloadScope scope) {
    YamlNode sqlNode = def.map().get("sql");
    List<String> kinds = def.map().keySet().stream().filter(stress.mongo.MongoStatement.KINDS::containsKey).toList();
    if (kinds.size() + (sqlNode == null ? 0 : 1) > 1) {
      throw new WorkloadFileException(def.line(), "give one of 'sql' or a MongoDB-style operation, not "
          + (sqlNode == null ? "" : "sql, ") + String.join(", ", kinds));
    }
    if (kinds.size() == 1) {
      return MongoOperationReader.read(file, name, kinds.get(0), def, scope);
    }
    if (sqlNode == null) {
      throw new WorkloadFileException(def.line(), "'sql' is missing (one statement or a list of statements), or"
          + " give a MongoDB-style operation: " + String.join(", ", new java.util.TreeSet<>(
          stress.mongo.MongoStatement.KINDS.keySet())));
    }
    List<YamlNode> texts = sqlNode.isList() ? sqlNode.list() : List.of(sqlNode);
    if (texts.isEmpty()) {
      throw new WorkloadFileException(sqlNode.line(), "'sql' lists no statement");
    }
    Map<String, ParameterGenerator> generators = new LinkedHashMap<>();
    Map<String, Integer> lines = new LinkedHashMap<>();
    List<ParameterDeclaration> declared = new ArrayList<>();
    boolean usesKeys = false;
    YamlNode params = def.map().get("params");
    if (params != null) {
      if (!params.isMap()) {
        throw new WorkloadFileException(params.line(), "'params' must be a map of parameter names to generators");
      }
      for (Map.Entry<String, YamlNode> p : params.map().entrySet()) {
        ParameterSpec spec = ParameterSpec.parse(p.getKey(), p.getValue(), file.toString());
        generators.put(p.getKey(), spec.generator());
        declared.add(new ParameterDeclaration(p.getKey(), p.getValue().toFlow(), p.getValue().line(), spec.bound()));
        lines.put(p.getKey(), p.getValue().line());
        usesKeys |= spec.isKey();
      }
    }
    List<String> parameterNames = new ArrayList<>(generators.keySet());
    List<String> statements = new ArrayList<>();
    int[][] positions = new int[texts.size()][];
    boolean[] queries = new boolean[texts.size()];
    boolean usesCopy = false;
    List<String> sources = new ArrayList<>();
    Set<String> used = new java.util.HashSet<>();
    for (int s = 0; s < texts.size(); s++) {
      YamlNode t = texts.get(s);
      if (t.scalar() == null || t.text() == null || t.text().isBlank()) {
        throw new WorkloadFileException(t.line(), "each statement must be SQL text");
      }
      NamedParameters translated;
      try {
        translated = NamedParameters.translate(t.text().strip());
      } catch (IllegalArgumentException e) {
        throw new WorkloadFileException(t.line(), e.getMessage());
      }
      positions[s] = new int[translated.names().size()];
      for (int i = 0; i < positions[s].length; i++) {
        String p = translated.names().get(i);
        int index = parameterNames.indexOf(p);
        if (index < 0) {
          throw new WorkloadFileException(t.line(), "parameter :" + p + " is not declared under 'params'");
        }
        positions[s][i] = index;
        used.add(p);
      }
      queries[s] = QUERY_START.matcher(translated.text().toLowerCase(Locale.ROOT)).matches();
      usesCopy |= translated.text().contains(WorkloadOperation.COPY_TABLE);
      statements.add(translated.text());
      sources.add(file + ":" + t.line());
    }
    for (String p : parameterNames) {
      if (!used.contains(p)) {
        throw new WorkloadFileException(lines.get(p), "parameter '" + p + "' is declared but no statement uses :" + p);
      }
    }
    YamlNode tx = def.map().get("transaction");
    boolean transaction = false;
    if (tx != null) {
      if (!"true".equals(tx.text()) && !"false".equals(tx.text())) {
        throw new WorkloadFileException(tx.line(), "transaction must be true or false, got '" + tx.text() + "'");
      }
      transaction = Boolean.parseBoolean(tx.text());
    }
    return new WorkloadOperation(name, statements, List.copyOf(generators.values()), positions, queries,
        transaction, usesKeys, usesCopy, List.copyOf(sources), declared);
  }

  /**
   * {@code --rate log}: the rate MongoDB's log shows for these operations together, their entries over the time from
   * the first logged to the last.
   *
   * @throws UsageException when an operation has no {@code mongodb:} times or the span is empty
   */
  public double loggedRate(java.util.Collection<String> names) {
    long entries = 0;
    java.time.Instant first = null;
    java.time.Instant last = null;
    for (String name : names) {
      MongoRecorded r = recorded.get(name);
      if (r == null || r.first() == null || r.last() == null) {
        throw new UsageException("--rate log: operation '" + name + "' has no mongodb: first and last in " + file
            + " (the times workload --from-log writes), so the log's rate is not known");
      }
      entries += r.entries();
      java.time.Instant from = java.time.Instant.parse(r.first());
      java.time.Instant to = java.time.Instant.parse(r.last());
      first = first == null || from.isBefore(first) ? from : first;
      last = last == null || to.isAfter(last) ? to : last;
    }
    double seconds = first == null ? 0 : (last.toEpochMilli() - first.toEpochMilli()) / 1000.0;
    if (seconds <= 0) {
      throw new UsageException("--rate log: the operations' entries in " + file + " were all logged at one instant,"
          + " so the log shows no rate; give --rate OPS_PER_S");
    }
    return entries / seconds;
  }

  static void checkKeys(YamlNode map, Set<String> allowed, String what) {
    for (Map.Entry<String, YamlNode> e : map.map().entrySet()) {
      if (!allowed.contains(e.getKey())) {
        throw new WorkloadFileException(e.getValue().line(), "unknown key '" + e.getKey() + "' in " + what
            + "; known: " + String.join(", ", new java.util.TreeSet<>(allowed)));
      }
    }
  }
}
