package stress.load.importer.progress;

import java.util.Objects;
import stress.dump.naming.Namespace;
import stress.table.IdType;

/**
 * What happened to one collection. The counts reconcile: {@code read = loaded + rejected + failed}, where
 * {@code failed} is non-zero only when a batch could not be written for a reason that is not about its
 * documents (status {@link Status#FAILED}). Counts include batches committed by earlier runs of a resumed import
 * ({@code earlier} of them).
 *
 * @param namespace the collection
 * @param location  its data file, or archive and namespace
 * @param table     the table's name for messages (schema.name), or null when it was never set up
 * @param idType    the table's {@code _id} column type, or null when it was never set up
 * @param idChoice  the {@code _id} column type and why, one line
 * @param read      documents read (each loaded, rejected, or in a failed batch)
 * @param loaded    documents written to the table (including ones that replaced a row, {@code updated})
 * @param rejected  documents written to the rejects file (including duplicates {@code skipped})
 * @param skipped   duplicates left out by {@code --on-duplicate skip} (part of {@code rejected})
 * @param updated   duplicates that replaced a row by {@code --on-duplicate update} (part of {@code loaded})
 * @param repeatedFields documents loaded with one value of a field name repeated in an object, as
 *                  {@code --repeated-fields last|first} says (part of {@code loaded}; each has a rejects-file line)
 * @param failed    documents of batches that could not be written
 * @param bytes     BSON bytes of the documents read (uncompressed)
 * @param seconds   time from the start of loading to the last commit (0 when there was nothing to load)
 * @param earlier   documents accounted for by earlier runs (resume)
 * @param status    how the collection ended
 * @param message   the reason for any status but {@link Status#LOADED}, one line; else null
 */
public record CollectionResult(Namespace namespace, String location, String table, IdType idType,
                               String idChoice, long read, long loaded, long rejected, long skipped, long updated,
                               long repeatedFields, long failed, long bytes,
                               double seconds, long earlier, Status status, String message) {
  /** How a collection's import ended. */
  public enum Status {
    /** Read to its end; every document loaded or rejected. */
    LOADED,
    /** Reading stopped at corrupt input ({@code --on-error abort}, or framing lost): later documents were not read. */
    STOPPED,
    /** The table could not be set up, the data could not be read, or the server refused a batch as a whole. */
    FAILED,
    /** The import was asked to stop (Ctrl-C / SIGTERM) before this collection was done. */
    INTERRUPTED
  }

  public CollectionResult {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(status, "status");
  }

  /** Documents per second of this run (documents of earlier runs left out). */
  public double docsPerSecond() {
    return seconds > 0 ? (read - earlier) / seconds : 0;
  }

  /** True when everything read was loaded, apart from duplicates the user asked to skip, and nothing failed. */
  public boolean clean() {
    return status == Status.LOADED && rejected == skipped && failed == 0;
  }
}
