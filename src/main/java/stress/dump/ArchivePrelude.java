package stress.dump;

import java.util.List;

/**
 * The start of a mongodump archive: its header document and the collection-metadata entries that
 * precede the interleaved namespace blocks.
 *
 * @param formatVersion         archive format version ({@code "0.1"} for every known tool), or null
 * @param serverVersion         MongoDB server version dumped, or null
 * @param toolVersion           mongodump version, or null
 * @param concurrentCollections collections dumped in parallel (blocks interleave), or -1
 * @param entries               the collection-metadata entries in archive order
 */
record ArchivePrelude(String formatVersion, String serverVersion, String toolVersion,
                             int concurrentCollections, List<ArchiveEntry> entries) {
  public ArchivePrelude {
    entries = List.copyOf(entries);
  }
}
