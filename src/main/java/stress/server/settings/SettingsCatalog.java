package stress.server.settings;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import stress.server.SqlLiterals;
import stress.table.Identifiers;

/**
 * The settings a target has ({@code pg_settings}), used to check {@code --set name=value} requests
 * before a run and to decide how each one reaches every connection:
 * <ul>
 *   <li>{@code user}, {@code superuser}: a {@code SET} statement on each new connection;</li>
 *   <li>{@code backend}, {@code superuser-backend}: the startup packet, since they cannot change later;</li>
 *   <li>{@code sighup}, {@code postmaster}, {@code internal}: refused, with the server's current value,
 *       because no session can change them and a run must not pretend it did.</li>
 * </ul>
 */
public final class SettingsCatalog {
  private static final String QUERY = "SELECT name, setting, context, vartype, enumvals, min_val, max_val, unit"
      + " FROM pg_catalog.pg_settings";
  private static final Pattern PLAIN_NAME_PART = Pattern.compile("[a-z_][a-z0-9_]*");
  // SET 'a, b' would make these list settings one element named "a, b"; set_config parses the list
  private static final Set<String> QUOTED_LIST_SETTINGS =
      Set.of("search_path", "temp_tablespaces", "local_preload_libraries", "session_preload_libraries");

  private final Map<String, SettingDefinition> byName;

  /** A catalog of the given definitions (e.g. read elsewhere, or from captured output). */
  public SettingsCatalog(Collection<SettingDefinition> definitions) {
    Map<String, SettingDefinition> map = new TreeMap<>();
    for (SettingDefinition d : definitions) {
      map.put(d.name(), d);
    }
    this.byName = map;
  }

  /** Reads every setting of the connected server. */
  public static SettingsCatalog read(Connection connection) throws SQLException {
    List<SettingDefinition> defs = new ArrayList<>();
    try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(QUERY)) {
      while (rs.next()) {
        defs.add(new SettingDefinition(rs.getString("name"), rs.getString("setting"), rs.getString("context"),
            rs.getString("vartype"), textArray(rs.getArray("enumvals")), rs.getString("min_val"),
            rs.getString("max_val"), rs.getString("unit")));
      }
    }
    return new SettingsCatalog(defs);
  }

  /** The definition of a setting, looked up case-insensitively. */
  public Optional<SettingDefinition> find(String name) {
    return Optional.ofNullable(byName.get(name.toLowerCase(Locale.ROOT)));
  }

  /** Number of settings known. */
  public int size() {
    return byName.size();
  }

  /**
   * Checks the requested settings and says how to apply them.
   *
   * @throws InvalidSettingsException listing every unknown name, bad value, duplicate and unchangeable setting
   */
  public SessionSettingsPlan plan(List<SessionSetting> requested) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    List<SessionSetting> startup = new ArrayList<>();
    List<String> statements = new ArrayList<>();
    List<AppliedSetting> applied = new ArrayList<>();
    for (SessionSetting request : requested) {
      Optional<SettingDefinition> found = find(request.name());
      if (found.isEmpty()) {
        problems.add(request + ": unknown setting '" + request.name() + "' (not in this server's pg_settings)");
        continue;
      }
      SettingDefinition def = found.get();
      if (!seen.add(def.name())) {
        problems.add(request + ": " + def.name() + " is given more than once");
        continue;
      }
      AppliedSetting.Method method;
      switch (def.context()) {
        case "user", "superuser" -> method = AppliedSetting.Method.SET_STATEMENT;
        case "backend", "superuser-backend" -> method = AppliedSetting.Method.STARTUP_OPTION;
        default -> {
          problems.add(request + ": " + refusal(def));
          continue;
        }
      }
      String valueProblem = SettingValues.problem(def, request.value());
      if (valueProblem != null) {
        problems.add(request + ": " + valueProblem);
        continue;
      }
      SessionSetting canonical = new SessionSetting(def.name(), request.value());
      if (method == AppliedSetting.Method.STARTUP_OPTION) {
        startup.add(canonical);
      } else {
        statements.add(setStatement(canonical));
      }
      applied.add(new AppliedSetting(def.name(), request.value(), def.context(), method));
    }
    if (!problems.isEmpty()) {
      throw new InvalidSettingsException(problems);
    }
    return new SessionSettingsPlan(StartupOptions.of(startup), statements, applied);
  }

  /** The statement that sets one session setting; names are quoted only where they need it. */
  static String setStatement(SessionSetting setting) {
    if (QUOTED_LIST_SETTINGS.contains(setting.name())) {
      return "SELECT pg_catalog.set_config(" + SqlLiterals.quote(setting.name()) + ", "
          + SqlLiterals.quote(setting.value()) + ", false)";
    }
    return "SET " + settingName(setting.name()) + " = " + SqlLiterals.quote(setting.value());
  }

  /** A setting name for SQL text: each dot-separated part bare when plain lower case, else quoted. */
  static String settingName(String name) {
    String[] parts = name.split("\\.", -1);
    StringBuilder sb = new StringBuilder();
    for (String part : parts) {
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(PLAIN_NAME_PART.matcher(part).matches() ? part : Identifiers.quote(part));
    }
    return sb.toString();
  }

  /**
   * The current values of the named settings as {@code current_setting} shows them ({@code 64MB}, {@code on}),
   * in the order given; used to report what a run really ran with. Every name must exist on the server.
   */
  public static Map<String, String> readBack(Connection connection, Collection<String> names) throws SQLException {
    Map<String, String> values = new LinkedHashMap<>();
    try (PreparedStatement ps = connection.prepareStatement("SELECT pg_catalog.current_setting(?)")) {
      for (String name : names) {
        ps.setString(1, name);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          values.put(name, rs.getString(1));
        }
      }
    }
    return values;
  }

  private static String refusal(SettingDefinition def) {
    String why = switch (def.context()) {
      case "sighup" -> "is set in the server configuration and changes only on reload (context sighup)";
      case "postmaster" -> "can only change when the server restarts (context postmaster)";
      case "internal" -> "is fixed when the server is built or initialised (context internal)";
      default -> "has context '" + def.context() + "', which a session cannot change";
    };
    return def.name() + " " + why + "; a session cannot set it. Current value: " + def.currentValueForDisplay();
  }

  private static List<String> textArray(Array array) throws SQLException {
    if (array == null) {
      return List.of();
    }
    try {
      return Arrays.asList((String[]) array.getArray());
    } finally {
      array.free();
    }
  }
}
