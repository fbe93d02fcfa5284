package stress.load.importer.progress;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;
import stress.dump.DumpNotice;
import stress.dump.DumpSource;

/**
 * What an import did, per collection and in total.
 *
 * @param source      the scanned path and format
 * @param format      how the path was read
 * @param notices     what the scanner skipped or worked around
 * @param collections one result per collection, in scan order
 * @param seconds     wall time of the whole import
 * @param interrupted true when the import was asked to stop before the end
 * @param rejects     the rejects file
 * @param rejectLines lines this run wrote to it
 * @param streams     how long the load streams loaded, and waited for the client meanwhile
 */
public record ImportResult(Path source, DumpSource.Format format, List<DumpNotice> notices,
                           List<CollectionResult> collections, double seconds, boolean interrupted, Path rejects,
                           long rejectLines, LoadStreamTime streams) {
  /** How an import ended; the command line turns it into its exit code. */
  public enum Outcome {
    /** Every document read was loaded (duplicates skipped on request aside). */
    LOADED,
    /** Finished, but documents were rejected or a collection stopped at corrupt input. */
    REJECTED,
    /** A collection could not be set up or written (see its message); rerun with --resume once resolved. */
    FAILED
  }

  public ImportResult {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(streams, "streams");
    notices = List.copyOf(notices);
    collections = List.copyOf(collections);
  }

  public long read() {
    return sum(CollectionResult::read);
  }

  public long loaded() {
    return sum(CollectionResult::loaded);
  }

  public long rejected() {
    return sum(CollectionResult::rejected);
  }

  public long skipped() {
    return sum(CollectionResult::skipped);
  }

  public long updated() {
    return sum(CollectionResult::updated);
  }

  /** Documents loaded with one value of a repeated field name ({@code --repeated-fields last|first}). */
  public long repeatedFields() {
    return sum(CollectionResult::repeatedFields);
  }

  public long failed() {
    return sum(CollectionResult::failed);
  }

  public long bytes() {
    return sum(CollectionResult::bytes);
  }

  public long earlier() {
    return sum(CollectionResult::earlier);
  }

  /**
   * {@link Outcome#FAILED} when a collection failed, else {@link Outcome#REJECTED} when documents were rejected or
   * a collection stopped at corrupt input, else {@link Outcome#LOADED}. Interruption is the caller's to report.
   */
  public Outcome outcome() {
    if (collections.stream().anyMatch(c -> c.status() == CollectionResult.Status.FAILED)) {
      return Outcome.FAILED;
    }
    if (collections.stream().allMatch(CollectionResult::clean)) {
      return Outcome.LOADED;
    }
    return Outcome.REJECTED;
  }

  private long sum(ToLongFunction<CollectionResult> count) {
    return collections.stream().mapToLong(count).sum();
  }
}
