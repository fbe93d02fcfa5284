package stress.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.json.JsonParseException;
import stress.mongo.MongoStatement;
import stress.mongo.value.Parameters;
import stress.ops.file.ParameterGenerator;
import stress.ops.file.PlaceholderValue;
import stress.ops.file.WorkloadOperation;

/**
 * A MongoDB-style operation of a workload file ({@code find: {filter: ..., sort: ..., limit: ...}},
 * {@code updateOne: {filter: ..., update: ...}}, ...), translated to SQL once, here, before any connection. Values
 * are MongoDB Extended JSON ({@code {$date: ...}}, {@code {$oid: ...}}); a string {@code ":name"} is a parameter.
 */
final class MongoOperationReader {
  private MongoOperationReader() {}

  /** An operation of this kind as a workload file writes it: what a refusal shows for the form to follow. */
  static String example(String kind) {
    return switch (kind) {
      case "find" -> "{filter: {...}, sort: {...}, limit: 10}";
      case "updateOne", "updateMany" -> "{filter: {...}, update: {$set: {...}}}";
      case "replaceOne", "findOneAndReplace" -> "{filter: {...}, replacement: {...}}";
      case "insertOne" -> "{document: {...}}";
      case "insertMany" -> "{documents: [{...}, {...}]}";
      case "aggregate" -> "{pipeline: [{$match: {...}}, {$group: {...}}]}";
      default -> "{filter: {...}}"; // countDocuments, deleteOne, deleteMany
    };
  }

  /**
   * @param scope what the whole file writes and indexes, which the translation for a table reads (it is complete
   *              before any operation is translated for a table)
   */
  static WorkloadOperation read(Path file, String name, String kind, YamlNode def, WorkloadScope scope) {
    YamlNode specNode = def.map().get(kind);
    if (!specNode.isMap()) {
      throw new WorkloadFileException(specNode.line(), kind + " must be a map such as " + example(kind) + "; keys: "
          + String.join(", ", new java.util.TreeSet<>(MongoStatement.KINDS.get(kind))));
    }
    Map<String, ParameterGenerator> generators = new LinkedHashMap<>();
    Map<String, Integer> lines = new LinkedHashMap<>();
    boolean usesKeys = false;
    java.util.BitSet dates = new java.util.BitSet();
    java.util.BitSet sampled = new java.util.BitSet();
    List<String> kinds = new ArrayList<>();
    YamlNode params = def.map().get("params");
    if (params != null) {
      if (!params.isMap()) {
        throw new WorkloadFileException(params.line(), "'params' must be a map of parameter names to generators");
      }
      for (Map.Entry<String, YamlNode> p : params.map().entrySet()) {
        ParameterSpec spec = ParameterSpec.parse(p.getKey(), p.getValue(), file.toString(), true);
        generators.put(p.getKey(), spec.generator());
        lines.put(p.getKey(), p.getValue().line());
        usesKeys |= spec.isKey();
        dates.set(generators.size() - 1, spec.isDate());
        sampled.set(generators.size() - 1, spec.generator() instanceof stress.ops.file.SampledValues);
        kinds.add(spec.kind());
      }
    }
    if (def.map().containsKey("transaction")) {
      throw new WorkloadFileException(def.map().get("transaction").line(),
          "'transaction' applies to a list of SQL statements; a MongoDB-style operation is one statement");
    }
    List<String> names = new ArrayList<>(generators.keySet());
    MongoStatement statement;
    BsonDocument spec;
    Parameters parameters = new Parameters(names, dates, sampled, kinds);
    try {
      spec = BsonDocument.parse(specNode.toJson());
      statement = MongoStatement.translate(kind, spec, parameters);
    } catch (JsonParseException e) {
      throw new WorkloadFileException(specNode.line(), kind + ": not valid MongoDB Extended JSON: " + e.getMessage());
    } catch (IllegalArgumentException e) {
      // a refused operator is named at its own line, not at the operation's
      int line = e instanceof stress.mongo.value.RefusedOperator r ? specNode.lineOfKey(r.operator()) : specNode.line();
      throw new WorkloadFileException(line, kind + ": " + e.getMessage());
    }
    for (int i = 0; i < names.size(); i++) {
      if (!statement.used().get(i)) {
        throw new WorkloadFileException(lines.get(names.get(i)), "parameter '" + names.get(i)
            + "' is declared but " + kind + " does not use :" + names.get(i));
      }
    }
    scope.writes().addAll(statement.writes());
    scope.paths(statement.paths());
    List<ParameterGenerator> drawn = List.copyOf(generators.values());
    String source = file + ":" + specNode.line();
    boolean keys = usesKeys;
    stress.ops.file.TableTranslation forTable = (connection, table) -> {
      try {
        stress.mongo.value.TranslationTarget target = scope.target(connection, table, statement.paths(),
            statement.collections());
        MongoStatement written = MongoStatement.translate(kind, spec, parameters, target);
        String refused = kind.equals("aggregate") && !target.deepCorrelation()
            ? CorrelatedInitPlans.refusal(connection, spec, parameters, target, written,
                m -> operation(name, m, drawn, keys, source, null).textFor(0, table)) : null;
        if (refused != null) {
          throw new IllegalArgumentException(refused);
        }
        return operation(name, written, drawn, keys, source, null);
      } catch (IllegalArgumentException e) {
        throw new stress.model.UsageException(source + ": operation '" + name + "': " + kind + ": " + e.getMessage(), e);
      }
    };
    return operation(name, statement, drawn, usesKeys, source, forTable);
  }

  private static WorkloadOperation operation(String name, MongoStatement statement, List<ParameterGenerator> drawn,
      boolean usesKeys, String source, stress.ops.file.TableTranslation forTable) {
    return new WorkloadOperation(name, List.of(statement.statement().sql()), drawn, new int[1][0],
        new boolean[] {statement.query()}, false, usesKeys, false, List.of(source),
        new PlaceholderValue[][] {statement.values().toArray(PlaceholderValue[]::new)}, forTable, statement.forms());
  }
}
