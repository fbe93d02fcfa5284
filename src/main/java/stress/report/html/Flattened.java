package stress.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import stress.report.JsonReport;

/** Nested settings as one level of dotted keys ({@code driver.prepareThreshold}), for a table. */
final class Flattened {
  private Flattened() {}

  /** Any object Jackson can serialise (maps, records, trees) as {@code key -> text}, in its order. */
  static Map<String, String> of(Object value) {
    Map<String, String> out = new LinkedHashMap<>();
    JsonNode tree = JsonReport.mapper().valueToTree(value);
    add("", tree, out);
    return out;
  }

  private static void add(String path, JsonNode node, Map<String, String> out) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      out.put(path.isEmpty() ? "value" : path, "-");
    } else if (node.isObject() && !node.isEmpty()) {
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> field = fields.next();
        add(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), out);
      }
    } else if (node.isArray() && allScalars(node)) {
      StringBuilder joined = new StringBuilder();
      node.forEach(item -> joined.append(joined.isEmpty() ? "" : ", ").append(item.asText()));
      out.put(path.isEmpty() ? "value" : path, joined.toString());
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        add(path + "[" + i + "]", node.get(i), out);
      }
    } else {
      out.put(path.isEmpty() ? "value" : path, node.isContainerNode() ? node.toString() : node.asText());
    }
  }

  private static boolean allScalars(JsonNode array) {
    for (JsonNode item : array) {
      if (item.isContainerNode()) {
        return false;
      }
    }
    return true;
  }
}
