package stress.table;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import stress.model.UsageException;

/** The SQL type of a document table's {@code _id} column. */
public enum IdType {
  INTEGER("integer", true),
  BIGINT("bigint", true),
  DOUBLE("double precision", false),
  TEXT("text", false),
  UUID("uuid", false);

  private final String sql;
  private final boolean integral;

  IdType(String sql, boolean integral) {
    this.sql = sql;
    this.integral = integral;
  }

  /** The type as written in DDL. */
  public String sql() {
    return sql;
  }

  /** True when keys are whole numbers, so a dense range can be sampled without reading keys. */
  public boolean integral() {
    return integral;
  }

  /** Maps a name as users write it (integer, int, int4, bigint, int8, double, text, uuid). */
  public static IdType parse(String name) {
    switch (name.toLowerCase(Locale.ROOT).trim()) {
      case "integer": case "int": case "int4": return INTEGER;
      case "bigint": case "int8": return BIGINT;
      case "double": case "double precision": case "float8": return DOUBLE;
      case "text": case "varchar": case "character varying": return TEXT;
      case "uuid": return UUID;
      default:
        throw new UsageException("unknown _id type '" + name + "'; known: "
            + Arrays.stream(values()).map(IdType::sql).collect(Collectors.joining(", ")));
    }
  }
}
