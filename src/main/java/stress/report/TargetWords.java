package stress.report;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run's target in words, e.g. {@code PostgreSQL 18.6} or {@code Citus 13.2.2 on PostgreSQL 15.8, 2 workers}, for
 * every report that names it. The target is what the run detected ({@code TargetInfo}) or, in a result read back,
 * its JSON form; both are read through their JSON fields, so a result written by a run and the same result re-read
 * say the same words, and no record's {@code toString} reaches a reader.
 */
public final class TargetWords {
  private TargetWords() {}

  /** The target in words; {@code not recorded} for none, a text target as written. */
  public static String of(Object target) {
    if (target == null) {
      return "not recorded";
    }
    if (target instanceof CharSequence text) {
      return text.toString();
    }
    JsonNode node = JsonReport.mapper().valueToTree(target);
    if (!node.isObject()) {
      return node.asText();
    }
    String kind = text(node, "kind");
    String postgres = "PostgreSQL " + coreVersion(node);
    String product = text(node, "productVersion");
    JsonNode citus = node.path("citus");
    JsonNode xl = node.path("xl");
    return switch (kind == null ? "" : kind) {
      case "POSTGRESQL" -> postgres;
      case "CITUS_COORDINATOR" -> "Citus " + orUnknown(product) + " on " + postgres
          + (citus.has("activeWorkers") ? ", " + count(citus.path("activeWorkers").asInt(), "worker") : "");
      case "CITUS_WORKER" -> "a worker of Citus " + orUnknown(product) + " on " + postgres;
      case "XL_COORDINATOR" -> "Postgres-XL " + orUnknown(product) + " on " + postgres + ", coordinator"
          + node(xl) + (xl.has("datanodes") ? " (" + count(xl.path("coordinators").size(), "coordinator") + ", "
          + count(xl.path("datanodes").size(), "datanode") + ")" : "");
      case "XL_DATANODE" -> "Postgres-XL " + orUnknown(product) + " on " + postgres + ", datanode" + node(xl);
      case "GREENPLUM" -> "Greenplum " + orUnknown(product) + " on " + postgres
          + (node.path("greenplum").has("primarySegments")
          ? ", " + count(node.path("greenplum").path("primarySegments").asInt(), "primary segment") : "");
      default -> (kind == null ? "unknown kind" : kind) + (coreVersion(node).startsWith("(") ? "" : ", " + postgres);
    };
  }

  /** The PostgreSQL core version: the parsed one, else the second word of {@code version()}'s text. */
  private static String coreVersion(JsonNode node) {
    String parsed = text(node.path("serverVersion"), "text");
    if (parsed != null) {
      return parsed;
    }
    String version = text(node, "version");
    if (version == null) {
      return "(version not recorded)";
    }
    String[] words = version.strip().split("\\s+");
    return words.length >= 2 && words[0].equals("PostgreSQL") ? words[1] : version;
  }

  private static String node(JsonNode xl) {
    String name = text(xl, "nodeName");
    return name == null ? "" : " " + name;
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }

  private static String orUnknown(String version) {
    return version == null ? "(version unknown)" : version;
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? null : value.asText();
  }
}
