package stress.report.html;

/** One point of a chart; Chart.js reads {@code {x, y}} objects as they are. */
record Point(double x, double y) {}
