package stress.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One point of a chart; Chart.js reads {@code {x, y}} objects as they are.
 *
 * @param low the lower end of a floating bar from {@code low} to {@code y} (an interval), else null
 */
record Point(double x, double y, @JsonInclude(JsonInclude.Include.NON_NULL) Double low) {
  Point(double x, double y) {
    this(x, y, null);
  }
}
