package stress.config;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import stress.model.UsageException;

/**
 * One objective of {@code --slo}: a latency percentile of all operations at most a limit ({@code p99<=20ms}), or the
 * share of failed executions at most one ({@code errors<=0.1%}). Latencies are from each intended start, as an
 * offered rate measures them.
 *
 * @param figure {@code p50}, {@code p90}, {@code p95}, {@code p99}, {@code p999} or {@code errors}
 * @param limit  milliseconds for a percentile, a fraction (0.001) for errors
 */
public record LatencyObjective(String figure, double limit) {
  /** The figures an objective may name. */
  public static final List<String> FIGURES = List.of("p50", "p90", "p95", "p99", "p999", "errors");
  private static final Pattern ONE = Pattern.compile("\\s*([a-z0-9.]+)\\s*<=\\s*([0-9]*\\.?[0-9]+)\\s*([a-zµ%]*)\\s*");

  /** Whether this objective is the error share. */
  public boolean errors() {
    return figure.equals("errors");
  }

  /**
   * The operations a step needs before its percentile says anything: two beyond it (200 for p99, 2000 for p99.9),
   * else the percentile is the slowest one or two executions, a figure of chance. No minimum for the error share.
   */
  public long operationsToJudge() {
    if (errors()) {
      return 0;
    }
    double q = figure.equals("p999") ? 0.999 : Integer.parseInt(figure.substring(1)) / 100.0;
    return (long) Math.ceil(2 / (1 - q) - 1e-9);
  }

  /** As given back to the user: {@code p99<=20ms}, {@code errors<=0.1%}. */
  public String describe() {
    return figure + "<=" + (errors() ? trim(limit * 100) + "%" : trim(limit) + "ms");
  }

  /**
   * {@code p99<=20ms,errors<=0.1%}: objectives separated by commas, each a figure, {@code <=} and a limit with its
   * unit (ms, s or us for a percentile; % for errors). One figure once.
   *
   * @param option the option's name, for the message
   */
  public static List<LatencyObjective> parse(String option, String text) {
    if (text == null || text.isBlank()) {
      throw new UsageException(option + " needs objectives such as p99<=20ms or p99<=20ms,errors<=0.1%, got nothing");
    }
    List<LatencyObjective> objectives = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (String part : text.split(",")) {
      Matcher m = ONE.matcher(part.toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new UsageException(option + " '" + part.strip() + "': an objective is FIGURE<=LIMIT, e.g. p99<=20ms or"
            + " errors<=0.1% (figures: " + String.join(", ", FIGURES) + ")");
      }
      String figure = m.group(1);
      if (!FIGURES.contains(figure)) {
        throw new UsageException(option + " '" + part.strip() + "': no figure " + figure + " (figures: "
            + String.join(", ", FIGURES) + ")");
      }
      if (!seen.add(figure)) {
        throw new UsageException(option + " names " + figure + " twice: " + text);
      }
      double value = Double.parseDouble(m.group(2));
      String unit = m.group(3);
      double limit;
      if (figure.equals("errors")) {
        if (!unit.equals("%")) {
          throw new UsageException(option + " '" + part.strip() + "': an error objective is a share in %, e.g."
              + " errors<=0.1%");
        }
        limit = value / 100;
      } else {
        limit = switch (unit) {
          case "ms" -> value;
          case "s" -> value * 1000;
          case "us", "µs" -> value / 1000;
          default -> throw new UsageException(option + " '" + part.strip() + "': a latency limit needs its unit"
              + " (ms, s or us), e.g. " + figure + "<=20ms");
        };
        if (limit <= 0) {
          throw new UsageException(option + " '" + part.strip() + "': a latency limit must be above 0");
        }
      }
      objectives.add(new LatencyObjective(figure, limit));
    }
    return List.copyOf(objectives);
  }

  private static String trim(double value) {
    String text = java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    return text;
  }
}
