package stress.dump.generate;

import java.nio.file.Path;
import java.util.List;

/**
 * What writing a generated dump produced.
 *
 * @param docs        documents written
 * @param bsonBytes   their total BSON size in bytes (uncompressed)
 * @param outputBytes bytes of all files written, as stored (compressed with gzip), metadata included
 * @param files       the files written, in writing order
 */
public record DumpSummary(long docs, long bsonBytes, long outputBytes, List<Path> files) {
  public DumpSummary {
    files = List.copyOf(files);
  }

  /** Average BSON bytes per document. */
  public double averageBsonBytes() {
    return docs == 0 ? 0 : (double) bsonBytes / docs;
  }
}
