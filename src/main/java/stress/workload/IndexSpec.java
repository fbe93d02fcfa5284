package stress.workload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import stress.table.DocumentTable;
import stress.mongo.value.TypedExpression;
import stress.table.Identifiers;

/**
 * One entry of a workload file's {@code indexes:} section: {@code {gin: data}} (GIN with {@code jsonb_path_ops}
 * on the whole document, which serves containment {@code data @> '{...}'} and jsonpath {@code @?}), or a btree on
 * one path or several ({@code {path: [customer.id, createdAt], type: [string, date]}}), each of a type:
 * <ul>
 *   <li>{@code string}, {@code number}, {@code date}: the typed expression that MongoDB-style operations write
 *       ({@link TypedExpression}), null where the value is of another kind, missing or null sorted first;
 *   <li>{@code text} (the default) and {@code numeric}: the expressions SQL written by hand uses,
 *       {@code data -> 'address' ->> 'city'} and its cast to numeric.
 * </ul>
 * A query uses an expression index only when it writes the same expression.
 *
 * @param gin   true for the GIN index on {@code data}
 * @param paths the document paths of a btree, each split at dots; empty for GIN
 * @param types one type per path; empty for GIN
 * @param line  where the entry is written
 */
public record IndexSpec(boolean gin, List<List<String>> paths, List<String> types, int line) {
  /** PostgreSQL's identifier limit (NAMEDATALEN - 1). */
  static final int MAX_NAME_BYTES = 63;
  /** Every type an entry may have. */
  /** Which operations read each vocabulary of {@code type:}: said wherever a type is chosen or refused. */
  public static final String TYPE_READERS = "string, number and date build the type-guarded expressions MongoDB-style"
      + " operations write, the ones a MongoDB-style file wants; text (the default) and numeric build data ->> 'path'"
      + " and its cast to numeric, the expressions SQL written by hand uses";
  static final List<String> TYPES = List.of(TypedExpression.TEXT, TypedExpression.NUMERIC, TypedExpression.STRING,
      TypedExpression.NUMBER, TypedExpression.DATE);
  private static final Map<String, String> NAME_SUFFIX = Map.of("text", "", "numeric", "_num",
      TypedExpression.STRING, "_s", TypedExpression.NUMBER, "_n", TypedExpression.DATE, "_d");
  private static final String RULE = "an index is {gin: data} or {path: a.b} (or a list of paths) with an optional"
      + " type (or a list of types): " + String.join(", ", TYPES);

  public IndexSpec {
    paths = paths.stream().map(List::copyOf).toList();
    types = List.copyOf(types);
  }

  /** The {@code indexes:} section: a list of entries, each checked; none is a list of no entries. */
  static List<IndexSpec> parseAll(YamlNode section) {
    if (section == null) {
      return List.of();
    }
    if (!section.isList()) {
      throw new WorkloadFileException(section.line(), "'indexes' must be a list; " + RULE);
    }
    List<IndexSpec> specs = new ArrayList<>();
    for (YamlNode entry : section.list()) {
      IndexSpec spec;
      try {
        spec = parse(entry);
      } catch (WorkloadFileException e) {
        throw new WorkloadFileException(e.line(), "indexes: " + e.getMessage());
      }
      for (IndexSpec earlier : specs) {
        if (earlier.gin == spec.gin && earlier.paths.equals(spec.paths) && earlier.types.equals(spec.types)) {
          throw new WorkloadFileException(entry.line(), "indexes: " + spec.describe() + " is listed twice (line "
              + earlier.line + ")");
        }
      }
      specs.add(spec);
    }
    return List.copyOf(specs);
  }

  private static IndexSpec parse(YamlNode entry) {
    if (!entry.isMap() || entry.map().isEmpty()) {
      throw new WorkloadFileException(entry.line(), RULE);
    }
    Map<String, YamlNode> map = entry.map();
    if (map.containsKey("gin")) {
      WorkloadFile.checkKeys(entry, Set.of("gin"), "a gin index");
      YamlNode target = map.get("gin");
      if (!"data".equals(target.text()) || target.scalar() == null) {
        throw new WorkloadFileException(target.line(), "gin: the GIN index (jsonb_path_ops) is on the whole document,"
            + " written {gin: data}; got '" + target.text() + "'");
      }
      return new IndexSpec(true, List.of(), List.of(), entry.line());
    }
    if (!map.containsKey("path")) {
      throw new WorkloadFileException(entry.line(), RULE);
    }
    WorkloadFile.checkKeys(entry, Set.of("path", "type"), "a path index");
    List<YamlNode> pathNodes = map.get("path").isList() ? map.get("path").list() : List.of(map.get("path"));
    if (pathNodes.isEmpty()) {
      throw new WorkloadFileException(map.get("path").line(), "path: needs at least one document path");
    }
    List<List<String>> paths = new ArrayList<>();
    for (YamlNode path : pathNodes) {
      if (path.scalar() == null || path.text() == null || !path.text().matches("[^.]+(\\.[^.]+)*")) {
        throw new WorkloadFileException(path.line(), "path: needs a document path like address.city, got '"
            + path.text() + "'");
      }
      if (path.text().indexOf('\0') >= 0) {
        throw new WorkloadFileException(path.line(), "path: must not contain a NUL character");
      }
      paths.add(List.of(path.text().split("\\.")));
    }
    YamlNode type = map.get("type");
    List<String> types = new ArrayList<>();
    List<YamlNode> typeNodes = type == null ? List.of() : type.isList() ? type.list() : List.of(type);
    if (type != null && typeNodes.size() != paths.size()) {
      throw new WorkloadFileException(type.line(), "type: needs one type per path (" + paths.size() + "), got "
          + typeNodes.size());
    }
    for (YamlNode t : typeNodes) {
      if (t.scalar() == null || !TYPES.contains(t.text())) {
        throw new WorkloadFileException(t.line(), "type: must be one of " + String.join(", ", TYPES) + ", got '"
            + t.text() + "' (" + TYPE_READERS + ")");
      }
      types.add(t.text());
    }
    while (types.size() < paths.size()) {
      types.add("text");
    }
    return new IndexSpec(false, paths, types, entry.line());
  }

  /** E.g. {@code {gin: data}}, {@code {path: address.city, type: text}} or {@code {path: [a, b], type: [string, date]}}. */
  public String describe() {
    if (gin) {
      return "{gin: data}";
    }
    List<String> dotted = paths.stream().map(p -> String.join(".", p)).toList();
    return paths.size() == 1 ? "{path: " + dotted.get(0) + ", type: " + types.get(0) + "}"
        : "{path: [" + String.join(", ", dotted) + "], type: [" + String.join(", ", types) + "]}";
  }

  /**
   * The index's name for this table: {@code <table>_data_gin}, or {@code <table>_<path>_idx} with the path's dots
   * as {@code _}, the type's mark before {@code _idx} ({@code _num}, {@code _s}, {@code _n}, {@code _d}; none for
   * text), paths of a compound index joined by {@code __}. A name over 63 bytes is cut between characters and ends
   * with 8 hex digits of a hash of the whole name, so two long names stay apart.
   */
  public String name(DocumentTable table) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < paths.size(); i++) {
      parts.add(String.join("_", paths.get(i)) + NAME_SUFFIX.get(types.get(i)));
    }
    String whole = table.name() + "_" + (gin ? "data_gin" : String.join("__", parts) + "_idx");
    byte[] bytes = whole.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= MAX_NAME_BYTES) {
      return whole;
    }
    String hash = HexFormat.of().toHexDigits(whole.hashCode());
    return Identifiers.clipToBytes(whole, MAX_NAME_BYTES - hash.length() - 1) + "_" + hash;
  }

  /**
   * The start of the name {@link #name} gives an index whose first (or only) path is {@code path} of type
   * {@code type}, up to its {@code _idx} or the {@code __} before the next path: how an index that {@code stress
   * index} built is recognised on the table.
   */
  public static String namePrefix(DocumentTable table, String path, String type) {
    return table.name() + "_" + path.replace('.', '_') + NAME_SUFFIX.get(type);
  }

  /** The indexed columns: {@code data jsonb_path_ops}, or each path's expression (typed ones with NULLS FIRST). */
  public String expression() {
    if (gin) {
      return "data jsonb_path_ops";
    }
    List<String> columns = new ArrayList<>();
    for (int i = 0; i < paths.size(); i++) {
      columns.add(column(paths.get(i), types.get(i)));
    }
    return String.join(", ", columns);
  }

  private static String column(List<String> path, String type) {
    return TypedExpression.KINDS.contains(type) ? TypedExpression.of(path, type) + " NULLS FIRST"
        : TypedExpression.handWritten(path, type);
  }

  /** {@code CREATE INDEX IF NOT EXISTS "name" ON table USING gin|btree (columns)}. */
  public String ddl(DocumentTable table) {
    return "CREATE INDEX IF NOT EXISTS " + Identifiers.quote(name(table)) + " ON " + table.qualifiedName()
        + " USING " + (gin ? "gin" : "btree") + " (" + expression() + ")";
  }

}
