/**
 * {@code report.html}: one self-contained page of charts and tables for one run, or two runs overlaid
 * (before/after). The Chart.js bundle comes from its webjar on the classpath and is inlined with the
 * data, so the page opens from disk without a network. Entry point: {@link stress.report.html.HtmlReport}.
 */
package stress.report.html;
