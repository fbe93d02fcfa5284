package stress.load.importer.progress;

/**
 * How long an import's load streams loaded, and how much of it they waited for the client: for the next batch to be
 * framed, or inside a batch for documents not converted yet. The rest they spent on the server (sending rows,
 * committing). Each stream counts from its first batch to the end of its last, so the set-up before the first COPY
 * is not in it.
 *
 * @param seconds        the streams' loading time, summed over the streams
 * @param waitingSeconds the part of it spent waiting for the client
 */
public record LoadStreamTime(double seconds, double waitingSeconds) {
  /** No stream loaded anything. */
  public static final LoadStreamTime NONE = new LoadStreamTime(0, 0);

  /** The share of the loading time the streams waited for the client, 0 when nothing was loaded. */
  public double waitingShare() {
    return seconds > 0 ? Math.min(1, waitingSeconds / seconds) : 0;
  }
}
