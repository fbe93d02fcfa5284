package stress.app.data;

import stress.server.TargetKind;

/**
 * The import's line saying how the server will store its large documents: it compresses the large values of a row
 * over about 2 KB (TOAST), with the method {@code default_toast_compression} names. In imports of 3 KiB documents
 * that compression was 39-45% of PostgreSQL's CPU with its default, pglz, and lz4 halved it (docs/import.md), so the
 * figures an import gives depend on it. Servers before PostgreSQL 14 have no such setting, and no line.
 */
final class ToastCompressionLine {
  /** The server setting that names the method, as {@link stress.server.settings.ServerSettings} reads it. */
  static final String SETTING = "default_toast_compression";

  private ToastCompressionLine() {}

  /** The line for {@code method} (the server's {@link #SETTING}), or null when the server has none. */
  static String line(String method, TargetKind kind) {
    if (method == null || method.isEmpty()) {
      return null;
    }
    String where = kind == TargetKind.CITUS_COORDINATOR
        ? "the coordinator's default_toast_compression; each worker's own applies to its shards"
        : "default_toast_compression";
    return "import: rows over about 2 KB are compressed with " + method + " (" + where + ")"
        + ("pglz".equals(method) ? "; lz4, where the server has it, makes large documents cheaper to load:"
        + " docs/import.md" : "");
  }
}
