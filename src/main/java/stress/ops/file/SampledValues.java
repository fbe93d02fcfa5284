package stress.ops.file;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import stress.model.UsageException;
import stress.ops.OperationSession;
import stress.table.DocumentTable;

/**
 * A workload parameter drawn from values that are really in the table: the distinct values (as text) of
 * one document path, read once before measuring, at most {@code cap} of them. Filled before the workers
 * start (Thread.start publishes the array), read-only afterwards.
 */
public final class SampledValues implements ParameterGenerator {
  private final String parameter;
  private final List<String> path;
  private final int cap;
  private final String source;
  private final boolean json;
  private Object[] values;

  /**
   * @param parameter the parameter's name, for messages
   * @param path      the document path, split at dots (address.city → [address, city])
   * @param cap       most distinct values read
   * @param source    {@code file:line} of the declaration
   */
  public SampledValues(String parameter, List<String> path, int cap, String source) {
    this(parameter, path, cap, source, false);
  }

  /**
   * @param json true to read the values as JSON ({@link JsonValueText}, strings, numbers, booleans, null), for a
   *             MongoDB-style operation, where a number must stay a number; documents and arrays are refused
   */
  public SampledValues(String parameter, List<String> path, int cap, String source, boolean json) {
    this.parameter = parameter;
    this.path = List.copyOf(path);
    this.cap = cap;
    this.source = source;
    this.json = json;
  }

  /** Reads the values; none found is a usage error naming the declaration. */
  public void read(Connection connection, DocumentTable table, String operation) throws SQLException {
    String op = json ? "#>" : "#>>";
    String sql = "SELECT DISTINCT data " + op + " CAST(? AS text[]) FROM " + table.qualifiedName()
        + " WHERE data " + op + " CAST(? AS text[]) IS NOT NULL LIMIT " + cap;
    String pathArray = "{" + String.join(",", path.stream().map(SampledValues::arrayItem).toList()) + "}";
    List<Object> found = new ArrayList<>();
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setString(1, pathArray);
      ps.setString(2, pathArray);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String value = rs.getString(1);
          if (json && (value.startsWith("{") || value.startsWith("["))) {
            throw new UsageException(source + ": operation '" + operation + "': parameter '" + parameter
                + "' samples " + String.join(".", path) + ", which holds documents or arrays (" + value
                + "); a MongoDB-style parameter takes strings, numbers and booleans");
          }
          found.add(json ? new JsonValueText(value) : value);
        }
      }
    }
    if (found.isEmpty()) {
      throw new UsageException(source + ": operation '" + operation + "': parameter '" + parameter
          + "' samples " + String.join(".", path) + ", which has no value in " + table.displayName());
    }
    values = found.toArray();
  }

  private static String arrayItem(String key) {
    return "\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** For the header: how many values were found, of which path, with which cap. */
  public String describe() {
    return parameter + ": " + (values == null ? "not read" : values.length) + " distinct values of "
        + String.join(".", path) + " (cap " + cap + ")";
  }

  @Override
  public Object next(OperationSession session) {
    Object[] v = values;
    return v.length == 1 ? v[0] : v[session.random().nextInt(v.length)];
  }
}
