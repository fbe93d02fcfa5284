package stress.app.setup;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.config.SettingChoice;

/** Every combination of the values given with --set, in the order the options were given. */
public final class SettingCombinations {
  private SettingCombinations() {}

  /** One map per combination (name to value); a single empty map when no --set was given. */
  public static List<Map<String, String>> of(List<SettingChoice> choices) {
    List<Map<String, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (SettingChoice choice : choices) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> combo : combos) {
        for (String value : choice.values()) {
          Map<String, String> extended = new LinkedHashMap<>(combo);
          extended.put(choice.name(), value);
          next.add(extended);
        }
      }
      combos = next;
    }
    return combos;
  }
}
