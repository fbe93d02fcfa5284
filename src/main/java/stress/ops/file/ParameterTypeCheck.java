package stress.ops.file;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import stress.model.UsageException;

/**
 * Whether the server takes the values a workload file's SQL statement binds. The server types an untyped
 * placeholder by where it stands ({@code data ->> 'u' = ?} makes it text), but pgjdbc binds an Integer as an
 * integer, a Long as a bigint, a Double as a double precision, a date as a timestamptz and a String as a varchar,
 * and the server then looks for an operator or function of those types: {@code text = integer} does not exist, so
 * every execution would fail (SQLState 42883). Each placeholder is described once more with the type its generator
 * binds; a statement the server refuses then is a clash, refused before the run with one line.
 *
 * <p>Only what the server itself refuses is refused: an integer for a bigint or numeric column, a double for an
 * integer column (implicit casts) or an integer inserted into a text column (an assignment cast) pass. Keys
 * ({@code key}, {@code new_key}) are bound as the table's {@code _id} type and are not checked.
 */
final class ParameterTypeCheck {
  /** The SQL type pgjdbc binds each checked Java class as, for messages. */
  private static final Map<Class<?>, String> BOUND_AS = Map.of(Integer.class, "integer", Long.class, "bigint",
      Double.class, "double precision", String.class, "varchar", OffsetDateTime.class, "timestamptz");

  private ParameterTypeCheck() {}

  /**
   * @param text         the statement as sent to the table
   * @param serverTypes  the type the server gives each placeholder when none is bound ({@code ParameterMetaData})
   * @param positions    for each placeholder, the index of its parameter in {@code declared}
   * @param typedStrings false when strings are written as untyped literals only (plain mode), so not checked
   * @param where        {@code file:line: operation 'name'}, the start of the message
   */
  static void check(Connection connection, String text, String[] serverTypes, int[] positions,
                    List<ParameterDeclaration> declared, boolean typedStrings, String where) {
    for (int p = 0; p < positions.length; p++) {
      ParameterDeclaration parameter = declared.get(positions[p]);
      Class<?> bound = parameter.bound();
      if (bound == null || !BOUND_AS.containsKey(bound) || (bound == String.class && !typedStrings)) {
        continue;
      }
      try (PreparedStatement ps = connection.prepareStatement(text)) {
        ps.setObject(p + 1, sample(bound));
        ps.getParameterMetaData();
      } catch (SQLException e) {
        String sqlType = p < serverTypes.length && serverTypes[p] != null ? serverTypes[p] : "another type";
        throw new UsageException(where + ": parameter :" + parameter.name() + " (" + parameter.generator()
            + ", line " + parameter.line() + ") is bound as " + BOUND_AS.get(bound) + " but the server takes it as "
            + sqlType + " there (" + firstLine(e) + "); declare a generator of that type or cast it in the SQL,"
            + " e.g. CAST(:" + parameter.name() + " AS " + sqlType + ")");
      }
    }
  }

  /** A value of the class, bound only to describe the statement (nothing runs). */
  private static Object sample(Class<?> bound) {
    if (bound == Integer.class) {
      return 0;
    } else if (bound == Long.class) {
      return 0L;
    } else if (bound == Double.class) {
      return 0.0;
    } else if (bound == OffsetDateTime.class) {
      return OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    }
    return "";
  }

  private static String firstLine(SQLException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    return message.lines().findFirst().orElse("").replaceFirst("^ERROR: ", "")
        + (e.getSQLState() == null ? "" : ", SQLState " + e.getSQLState());
  }
}
