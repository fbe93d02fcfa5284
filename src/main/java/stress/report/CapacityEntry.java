package stress.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings' {@value #KEY} entry of a result, read in one place: a capacity search ({@code run --slo}) writes it
 * as plain maps and lists, which read back the same from result.json. A search of one combination keeps its figures
 * at the top of the entry; capacities compared keep each combination's search as a map in the list under
 * {@value #COMPARED}, and what they share (objectives, resolution, the comparison) at the top.
 *
 * @param head     the entry itself: what every search of it shares
 * @param compared whether it compares the capacities of several combinations
 * @param searches each search's own map in the order searched, under its combination's name; a single search under
 *                 {@code ""}, as the entry itself
 */
public record CapacityEntry(Map<?, ?> head, boolean compared, Map<String, Map<?, ?>> searches) {
  /** The settings' key of a capacity search. */
  public static final String KEY = "capacity";
  /** The entry's key of the list of searches compared. */
  public static final String COMPARED = "compared";
  /** The entry's key of the sentence saying the search's time limit ended it; absent when it did not. */
  public static final String TIME_LIMIT = "time limit";

  /** The result's entry; null when the run searched none. */
  public static CapacityEntry of(RunResult result) {
    if (!(result.settings().get(KEY) instanceof Map<?, ?> capacity)) {
      return null;
    }
    Map<String, Map<?, ?>> searches = new LinkedHashMap<>();
    if (!capacity.containsKey(COMPARED)) {
      searches.put("", capacity);
      return new CapacityEntry(capacity, false, searches);
    }
    if (capacity.get(COMPARED) instanceof List<?> list) {
      for (Object item : list) {
        if (item instanceof Map<?, ?> one) {
          searches.put(String.valueOf(one.get("combination")), one);
        }
      }
    }
    return new CapacityEntry(capacity, true, searches);
  }
}
