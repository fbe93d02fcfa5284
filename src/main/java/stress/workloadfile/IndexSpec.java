package stress.workloadfile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import stress.table.DocumentTable;
import stress.table.Identifiers;

/**
 * One entry of a workload file's {@code indexes:} section: {@code {gin: data}} (GIN with {@code jsonb_path_ops}
 * on the whole document, which serves containment {@code data @> '{...}'}) or {@code {path: address.city}}
 * with an optional {@code type: text | numeric} (a btree on the expression {@code data -> 'address' ->> 'city'},
 * cast to numeric for {@code numeric}). A query uses an expression index only when it writes the same
 * expression, so the expression is the one users write by hand.
 *
 * @param gin  true for the GIN index on {@code data}
 * @param path the document path of an expression index, split at dots; empty for GIN
 * @param type {@code text} or {@code numeric} for an expression index; null for GIN
 * @param line where the entry is written
 */
public record IndexSpec(boolean gin, List<String> path, String type, int line) {
  /** PostgreSQL's identifier limit (NAMEDATALEN - 1). */
  static final int MAX_NAME_BYTES = 63;
  private static final Set<String> TYPES = Set.of("text", "numeric");
  private static final String RULE = "an index is {gin: data} or {path: a.b} with an optional type: text or numeric";

  public IndexSpec {
    path = List.copyOf(path);
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
        if (earlier.gin == spec.gin && earlier.path.equals(spec.path) && Objects.equals(earlier.type, spec.type)) {
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
      return new IndexSpec(true, List.of(), null, entry.line());
    }
    if (!map.containsKey("path")) {
      throw new WorkloadFileException(entry.line(), RULE);
    }
    WorkloadFile.checkKeys(entry, Set.of("path", "type"), "a path index");
    YamlNode path = map.get("path");
    if (path.scalar() == null || path.text() == null || !path.text().matches("[^.]+(\\.[^.]+)*")) {
      throw new WorkloadFileException(path.line(), "path: needs a document path like address.city, got '"
          + path.text() + "'");
    }
    if (path.text().indexOf('\0') >= 0) {
      throw new WorkloadFileException(path.line(), "path: must not contain a NUL character");
    }
    YamlNode type = map.get("type");
    String typeName = "text";
    if (type != null) {
      if (type.scalar() == null || !TYPES.contains(type.text())) {
        throw new WorkloadFileException(type.line(), "type: must be text or numeric, got '" + type.text() + "'");
      }
      typeName = type.text();
    }
    return new IndexSpec(false, List.of(path.text().split("\\.")), typeName, entry.line());
  }

  /** E.g. {@code {gin: data}} or {@code {path: address.city, type: text}}. */
  public String describe() {
    return gin ? "{gin: data}" : "{path: " + String.join(".", path) + ", type: " + type + "}";
  }

  /**
   * The index's name for this table: {@code <table>_data_gin}, {@code <table>_<path>_idx} or, numeric,
   * {@code <table>_<path>_num_idx}, with the path's dots as {@code _}. A name over 63 bytes is cut between
   * characters and ends with 8 hex digits of a hash of the whole name, so two long names stay apart.
   */
  public String name(DocumentTable table) {
    String whole = table.name() + "_" + (gin ? "data_gin"
        : String.join("_", path) + ("numeric".equals(type) ? "_num_idx" : "_idx"));
    byte[] bytes = whole.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= MAX_NAME_BYTES) {
      return whole;
    }
    String hash = HexFormat.of().toHexDigits(whole.hashCode());
    return Identifiers.clipToBytes(whole, MAX_NAME_BYTES - hash.length() - 1) + "_" + hash;
  }

  /** The indexed expression: {@code data jsonb_path_ops}, or {@code (data -> 'a' ->> 'b')} (cast for numeric). */
  public String expression() {
    if (gin) {
      return "data jsonb_path_ops";
    }
    StringBuilder sb = new StringBuilder("data");
    for (int i = 0; i < path.size(); i++) {
      sb.append(i == path.size() - 1 ? " ->> " : " -> ").append(literal(path.get(i)));
    }
    return "numeric".equals(type) ? "(CAST(" + sb + " AS numeric))" : "(" + sb + ")";
  }

  /** {@code CREATE INDEX IF NOT EXISTS "name" ON table USING gin|btree (expression)}. */
  public String ddl(DocumentTable table) {
    return "CREATE INDEX IF NOT EXISTS " + Identifiers.quote(name(table)) + " ON " + table.qualifiedName()
        + " USING " + (gin ? "gin" : "btree") + " (" + expression() + ")";
  }

  /** A path key as an SQL string literal; with a backslash an E'' literal, read alike whatever standard_conforming_strings is. */
  private static String literal(String key) {
    String quoted = key.replace("'", "''");
    return key.indexOf('\\') < 0 ? "'" + quoted + "'" : "E'" + quoted.replace("\\", "\\\\") + "'";
  }

}
