package stress.dump;

import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import stress.dump.naming.Namespace;

/**
 * One collection found in a dump, ready to be read any number of times with {@link #open(ReadPolicy)}.
 */
public final class DumpCollection {
  /** Opens the collection's documents. */
  @FunctionalInterface
  interface Opener {
    DocumentStream open(ReadPolicy policy) throws IOException;
  }

  private final Namespace namespace;
  private final DumpMetadata metadata;
  private final String location;
  private final long sizeBytes;
  private final long documentCount;
  private final Opener opener;

  DumpCollection(Namespace namespace, DumpMetadata metadata, String location, long sizeBytes, long documentCount,
                 Opener opener) {
    this.namespace = Objects.requireNonNull(namespace, "namespace");
    this.metadata = metadata;
    this.location = Objects.requireNonNull(location, "location");
    this.sizeBytes = sizeBytes;
    this.documentCount = documentCount;
    this.opener = Objects.requireNonNull(opener, "opener");
  }

  /** Database and full collection name. */
  public Namespace namespace() {
    return namespace;
  }

  /** The collection's metadata, when a readable metadata file or archive entry exists. */
  public Optional<DumpMetadata> metadata() {
    return Optional.ofNullable(metadata);
  }

  /** The data file, or the archive and namespace, for messages. */
  public String location() {
    return location;
  }

  /** Size of the data file on disk (compressed size for gzip files); empty for archive namespaces. */
  public OptionalLong fileSize() {
    return sizeBytes < 0 ? OptionalLong.empty() : OptionalLong.of(sizeBytes);
  }

  /** Number of documents, when known without reading them (archives scanned with verification). */
  public OptionalLong documentCount() {
    return documentCount < 0 ? OptionalLong.empty() : OptionalLong.of(documentCount);
  }

  /** Opens the documents from the start. Archive namespaces read the archive up to their EOF header. */
  public DocumentStream open(ReadPolicy policy) throws IOException {
    return opener.open(Objects.requireNonNull(policy, "policy"));
  }

  @Override
  public String toString() {
    return namespace + " (" + location + ")";
  }
}
