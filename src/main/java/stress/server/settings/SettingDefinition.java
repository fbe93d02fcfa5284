package stress.server.settings;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One row of {@code pg_settings}: what the server says a setting is and how it may be changed.
 *
 * @param name     canonical (lower-case) name, e.g. {@code work_mem}, {@code citus.shard_count}
 * @param setting  current value in the setting's base unit
 * @param context  when it may change: internal, postmaster, sighup, superuser-backend, backend, superuser, user
 * @param vartype  bool, integer, real, string or enum
 * @param enumvals allowed values of an enum (empty for other types; may be {@code [""]} when the server hides them)
 * @param minVal   lower bound of a number in the base unit, or null
 * @param maxVal   upper bound of a number in the base unit, or null
 * @param unit     base unit of a number ({@code kB}, {@code 8kB}, {@code ms}, {@code s}, ...), or null
 */
public record SettingDefinition(String name, String setting, String context, String vartype, List<String> enumvals,
                                String minVal, String maxVal, String unit) {

  public SettingDefinition {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(context, "context");
    Objects.requireNonNull(vartype, "vartype");
    name = name.toLowerCase(Locale.ROOT);
    enumvals = enumvals == null ? List.of() : List.copyOf(enumvals);
  }

  /** The current value with its unit, for messages: {@code 100}, {@code 4096kB}, {@code 16384 * 8kB}. */
  public String currentValueForDisplay() {
    String value = setting == null ? "" : setting;
    if (unit == null || unit.isEmpty()) {
      return value.isEmpty() ? "''" : value;
    }
    return Character.isDigit(unit.charAt(0)) ? value + " * " + unit : value + unit;
  }
}
