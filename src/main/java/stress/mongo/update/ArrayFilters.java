package stress.mongo.update;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.dump.bson.BsonJson;

/**
 * The {@code arrayFilters} of an update: per identifier, the filter an element must pass for {@code $[<identifier>]}
 * to change it, refused as MongoDB refuses them (one identifier per filter, an alphanumeric name beginning with a
 * lowercase letter, no identifier twice, every identifier used). A filter is rewritten onto an element's wrapper
 * {@code {"v": element}}: {@code {x: {$gt: 5}}} becomes {@code {v: {$gt: 5}}}, {@code {"x.qty": 2}} becomes
 * {@code {"v.qty": 2}}, so the filter translation writes it with MongoDB's meaning.
 */
final class ArrayFilters {
  /** The key of an element in its wrapper. */
  static final String ELEMENT = "v";
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-zA-Z0-9]*");
  private final Map<String, BsonDocument> filters = new LinkedHashMap<>();
  private final Set<String> used = new LinkedHashSet<>();

  /** The filters of an update; {@code arrayFilters} null for none. */
  ArrayFilters(BsonValue arrayFilters) {
    if (arrayFilters == null) {
      return;
    }
    if (!arrayFilters.isArray()) {
      throw new IllegalArgumentException("arrayFilters must be an array of filter documents, got "
          + BsonJson.valueToRelaxedJson(arrayFilters));
    }
    for (BsonValue f : arrayFilters.asArray()) {
      if (!f.isDocument()) {
        throw new IllegalArgumentException("arrayFilters must be an array of filter documents, got "
            + BsonJson.valueToRelaxedJson(f));
      }
      Set<String> ids = new LinkedHashSet<>();
      identifiers(f.asDocument(), ids);
      if (ids.isEmpty()) {
        throw new IllegalArgumentException("Cannot use an expression without a top-level field name in arrayFilters");
      }
      if (ids.size() > 1) {
        String[] two = ids.toArray(new String[0]);
        throw new IllegalArgumentException("Error parsing array filter :: caused by :: Expected a single top-level"
            + " field name, found '" + two[0] + "' and '" + two[1] + "'");
      }
      String id = ids.iterator().next();
      if (!IDENTIFIER.matcher(id).matches()) {
        throw new IllegalArgumentException("Error parsing array filter :: caused by :: The top-level field name must"
            + " be an alphanumeric string beginning with a lowercase letter, found '" + id + "'");
      }
      if (filters.put(id, onElement(f.asDocument()).asDocument()) != null) {
        throw new IllegalArgumentException("Found multiple array filters with the same top-level field name " + id);
      }
    }
  }

  /** The filter of {@code $[id]} on an element's wrapper, marked used; refused when there is none. */
  BsonDocument use(String id, String dotted) {
    BsonDocument f = filters.get(id);
    if (f == null) {
      throw new IllegalArgumentException("No array filter found for identifier '" + id + "' in path '" + dotted + "'");
    }
    used.add(id);
    return f;
  }

  /** Refuses a filter no path of the update used, as MongoDB does. */
  void refuseUnused(BsonDocument update) {
    for (String id : filters.keySet()) {
      if (!used.contains(id)) {
        throw new IllegalArgumentException("The array filter for identifier '" + id + "' was not used in the update "
            + BsonJson.valueToRelaxedJson(update));
      }
    }
  }

  /** The identifiers a filter's field names begin with, inside $and, $or and $nor too. */
  private static void identifiers(BsonDocument filter, Set<String> ids) {
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      if (e.getKey().startsWith("$")) {
        if (e.getValue().isArray()) {
          for (BsonValue each : e.getValue().asArray()) {
            if (each.isDocument()) {
              identifiers(each.asDocument(), ids);
            }
          }
        }
      } else {
        ids.add(e.getKey().split("\\.", -1)[0]);
      }
    }
  }

  /** The filter with each field name's first part (the identifier) replaced by the wrapper's key. */
  private static BsonValue onElement(BsonDocument filter) {
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> e : filter.entrySet()) {
      String key = e.getKey();
      if (key.startsWith("$")) {
        BsonValue v = e.getValue();
        if (v.isArray()) {
          BsonArray each = new BsonArray();
          for (BsonValue x : v.asArray()) {
            each.add(x.isDocument() ? onElement(x.asDocument()) : x);
          }
          v = each;
        }
        out.append(key, v);
      } else {
        int dot = key.indexOf('.');
        out.append(dot < 0 ? ELEMENT : ELEMENT + key.substring(dot), e.getValue());
      }
    }
    return out;
  }
}
