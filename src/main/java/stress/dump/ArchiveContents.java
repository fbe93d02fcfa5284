package stress.dump;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import stress.dump.bson.FrameReader;
import stress.dump.naming.Namespace;

/**
 * What one framing pass over a whole archive found: the prelude, and per namespace (in order of
 * first appearance) its document count and whether its CRC checked out. Documents are framed and
 * checksummed but not decoded here. A framing error does not throw: it is kept in {@link #problem()}
 * with what was counted up to it, since namespaces completed before it remain readable.
 *
 * @param source     the archive as named in messages
 * @param prelude    the archive's prelude
 * @param namespaces documents per namespace with data blocks
 * @param complete   namespaces whose EOF header was seen with a matching CRC
 * @param problem    the error that stopped the pass, or null
 */
record ArchiveContents(String source, ArchivePrelude prelude, Map<Namespace, Long> namespaces, Set<Namespace> complete,
                       DumpFormatException problem) {

  /** Reads the whole archive once. Throws only when even the magic number or prelude is bad. */
  static ArchiveContents scan(Path archive) throws IOException {
    try (ArchiveReader reader = ArchiveReader.open(archive)) {
      Map<Namespace, Long> counts = new LinkedHashMap<>();
      Map<Namespace, Crc64> crcs = new LinkedHashMap<>();
      Set<Namespace> complete = new LinkedHashSet<>();
      try {
        readBlocks(reader, counts, crcs, complete);
        for (Namespace namespace : counts.keySet()) {
          if (!complete.contains(namespace)) {
            throw new DumpFormatException(reader.source(), reader.position(),
                "the archive ends before the EOF header of namespace " + namespace);
          }
        }
        return new ArchiveContents(reader.source(), reader.prelude(), counts, complete, null);
      } catch (DumpFormatException e) {
        return new ArchiveContents(reader.source(), reader.prelude(), counts, complete, e);
      }
    }
  }

  private static void readBlocks(ArchiveReader reader, Map<Namespace, Long> counts, Map<Namespace, Crc64> crcs,
                                 Set<Namespace> complete) throws IOException {
    ArchiveReader.BlockHeader header;
    while ((header = reader.nextBlock()) != null) {
      Namespace namespace = header.namespace();
      if (complete.contains(namespace)) {
        throw new DumpFormatException(reader.source(), header.offset(), "a block of namespace " + namespace
            + " follows its EOF header");
      }
      counts.putIfAbsent(namespace, 0L);
      Crc64 crc = crcs.computeIfAbsent(namespace, n -> new Crc64());
      if (header.eof()) {
        if (header.crc() != null && header.crc() != crc.value()) {
          throw new DumpFormatException(reader.source(), header.offset(), "CRC mismatch for namespace " + namespace
              + ": the EOF header says " + header.crc() + ", the documents give " + crc.value());
        }
        complete.add(namespace);
        continue;
      }
      while (true) {
        FrameReader.Frame frame = reader.nextBodyFrame();
        if (frame.kind() == FrameReader.Kind.TERMINATOR) {
          break;
        }
        if (frame.kind() == FrameReader.Kind.END) {
          throw new DumpFormatException(reader.source(), frame.offset(), "the archive ends inside a block of namespace "
              + namespace + ", before its terminator");
        }
        if (frame.kind() == FrameReader.Kind.BROKEN) {
          throw new DumpFormatException(reader.source(), frame.offset(), "in a block of namespace " + namespace + ": "
              + frame.problem());
        }
        crc.update(frame.bytes());
        counts.merge(namespace, 1L, Long::sum);
      }
    }
  }
}
