package stress.server.settings;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Checks a value against a setting's type, unit and range the way the server's parser reads it, so
 * mistakes are reported before a run starts. Where the catalog cannot tell (strings, enums whose values
 * the server hides) the value passes and the server judges it when it is applied.
 */
public final class SettingValues {
  private SettingValues() {}

  private static final List<String> BOOL_WORDS = List.of("true", "false", "yes", "no", "on", "off");
  // strtol with base 0, as the server reads integers: 0x hex, leading-zero octal, else decimal
  private static final Pattern HEX = Pattern.compile("([+-]?)0[xX]([0-9a-fA-F]+)");
  private static final Pattern OCTAL = Pattern.compile("([+-]?)0([0-7]+)");
  private static final Pattern NUMBER = Pattern.compile(
      "\\s*([+-]?0[xX][0-9a-fA-F]+|[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)\\s*(\\S*)\\s*");
  private static final Pattern BASE_UNIT = Pattern.compile("(\\d*)\\s*([A-Za-z]+)");

  private static final Map<String, Double> MEMORY = Map.of(
      "B", 1.0, "kB", 1024.0, "MB", 1024.0 * 1024, "GB", 1024.0 * 1024 * 1024, "TB", 1024.0 * 1024 * 1024 * 1024);
  private static final Map<String, Double> TIME = Map.of(
      "us", 0.001, "ms", 1.0, "s", 1000.0, "min", 60_000.0, "h", 3_600_000.0, "d", 86_400_000.0);

  /** The problem with {@code value} for {@code def}, or null when the value is acceptable. */
  public static String problem(SettingDefinition def, String value) {
    return switch (def.vartype()) {
      case "bool" -> isBool(value) ? null : "'" + value + "' is not a boolean (on, off, true, false, yes, no, 1, 0)";
      case "integer" -> numberProblem(def, value, true);
      case "real" -> numberProblem(def, value, false);
      case "enum" -> enumProblem(def, value);
      default -> null;
    };
  }

  /** The server accepts any unique prefix of true/false/yes/no, on/off from two letters, and 1/0. */
  public static boolean isBool(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    if (v.equals("1") || v.equals("0")) {
      return true;
    }
    if (v.isEmpty() || (v.startsWith("o") && v.length() < 2)) {
      return false;
    }
    return BOOL_WORDS.stream().anyMatch(w -> w.startsWith(v));
  }

  private static String enumProblem(SettingDefinition def, String value) {
    List<String> allowed = def.enumvals().stream().filter(v -> !v.isEmpty()).toList();
    if (allowed.isEmpty()) {
      // the server hides the values (Postgres-XL lists global_snapshot_source as {""}): use what is known, if
      // anything; otherwise the server judges the value when it is SET
      allowed = KnownSetting.byName(def.name()).map(KnownSetting::allowedValues).orElse(List.of());
      if (allowed.isEmpty()) {
        return null;
      }
    }
    boolean known = allowed.stream().anyMatch(v -> v.equalsIgnoreCase(value));
    return known ? null : "'" + value + "' is not one of " + String.join(", ", allowed);
  }

  private static String numberProblem(SettingDefinition def, String value, boolean integer) {
    Matcher m = NUMBER.matcher(value);
    if (!m.matches()) {
      return "'" + value + "' is not " + (integer ? "an integer" : "a number") + unitHint(def);
    }
    double number = parseNumber(m.group(1), integer);
    String givenUnit = m.group(2);
    if (!givenUnit.isEmpty()) {
      Double scale = scaleToBaseUnit(def, givenUnit);
      if (scale == null) {
        return "'" + value + "' has unit '" + givenUnit + "', which " + def.name() + " does not take" + unitHint(def);
      }
      number *= scale;
    }
    if (integer) {
      number = Math.rint(number);
    }
    String range = rangeProblem(def, number, integer);
    return range == null ? null : "'" + value + "' is out of range: " + range;
  }

  private static double parseNumber(String text, boolean integer) {
    Matcher hex = HEX.matcher(text);
    if (hex.matches()) {
      return sign(hex.group(1)) * new BigInteger(hex.group(2), 16).doubleValue();
    }
    if (integer) {
      Matcher octal = OCTAL.matcher(text);
      if (octal.matches()) {
        return sign(octal.group(1)) * new BigInteger(octal.group(2), 8).doubleValue();
      }
    }
    return Double.parseDouble(text);
  }

  private static int sign(String sign) {
    return "-".equals(sign) ? -1 : 1;
  }

  /** How many base units one {@code givenUnit} is, or null when the setting takes no such unit. */
  private static Double scaleToBaseUnit(SettingDefinition def, String givenUnit) {
    if (def.unit() == null) {
      return null;
    }
    Matcher base = BASE_UNIT.matcher(def.unit().strip());
    if (!base.matches()) {
      return null;
    }
    double multiplier = base.group(1).isEmpty() ? 1 : Double.parseDouble(base.group(1));
    for (Map<String, Double> family : List.of(MEMORY, TIME)) {
      Double baseSize = family.get(base.group(2));
      Double givenSize = family.get(givenUnit);
      if (baseSize != null) {
        return givenSize == null ? null : givenSize / (baseSize * multiplier);
      }
    }
    return null;
  }

  private static String unitHint(SettingDefinition def) {
    if (def.unit() == null) {
      return "";
    }
    Matcher base = BASE_UNIT.matcher(def.unit().strip());
    if (base.matches()) {
      for (Map<String, Double> family : List.of(MEMORY, TIME)) {
        if (family.containsKey(base.group(2))) {
          String units = family.entrySet().stream().sorted(Map.Entry.comparingByValue())
              .map(Map.Entry::getKey).collect(Collectors.joining(", "));
          return " (base unit " + def.unit() + "; units: " + units + ")";
        }
      }
    }
    return " (base unit " + def.unit() + ")";
  }

  private static String rangeProblem(SettingDefinition def, double number, boolean integer) {
    Double min = bound(def.minVal());
    Double max = bound(def.maxVal());
    if ((min != null && number < min) || (max != null && number > max)) {
      String shown = integer ? String.valueOf((long) number) : String.valueOf(number);
      String unit = def.unit() == null ? "" : " " + def.unit();
      return shown + unit + " is outside " + def.minVal() + " .. " + def.maxVal() + unit;
    }
    return null;
  }

  private static Double bound(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return Double.valueOf(text.strip());
    } catch (NumberFormatException e) {
      return null; // an unreadable bound cannot refuse anything; the server still checks
    }
  }
}
