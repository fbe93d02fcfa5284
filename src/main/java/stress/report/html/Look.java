package stress.report.html;

import java.util.List;
import java.util.Objects;

/**
 * How a series is drawn when its chart decides it rather than the page's palette: the knee gives each round its
 * colour and each latency figure its dash.
 *
 * @param color {@code #rrggbb}
 * @param dash  the line's dash pattern in pixels, empty for a solid line
 */
record Look(String color, List<Integer> dash) {
  Look {
    Objects.requireNonNull(color, "color");
    if (!color.matches("#[0-9a-f]{6}")) {
      throw new IllegalArgumentException("a colour is #rrggbb, got " + color);
    }
    dash = List.copyOf(dash);
  }
}
