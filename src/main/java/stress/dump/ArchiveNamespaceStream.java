package stress.dump;

import java.io.IOException;
import java.nio.file.Path;
import stress.dump.bson.FrameReader;
import stress.dump.document.ReadItem;
import stress.dump.naming.Namespace;

/**
 * The documents of one namespace of a mongodump archive. Blocks of other namespaces are skipped
 * (their frames still have to be read, since blocks interleave), and reading stops at the namespace's
 * EOF header after checking its CRC-64. Each namespace read is one pass over the archive up to that
 * header.
 */
final class ArchiveNamespaceStream extends DocumentStream {
  private final ArchiveReader reader;
  private final Namespace namespace;
  private final Crc64 crc = new Crc64();
  private boolean inBlock;
  private boolean mine;
  private Namespace blockNamespace;
  private boolean finished;
  private DumpFormatException failure;

  private ArchiveNamespaceStream(ArchiveReader reader, Namespace namespace, ReadPolicy policy) {
    super(reader.source() + " [" + namespace + "]", policy);
    this.reader = reader;
    this.namespace = namespace;
  }

  static ArchiveNamespaceStream open(Path archive, Namespace namespace, ReadPolicy policy) throws IOException {
    return new ArchiveNamespaceStream(ArchiveReader.open(archive), namespace, policy);
  }

  @Override
  public ReadItem next() throws IOException {
    if (failure != null) {
      throw failure;
    }
    if (finished) {
      return null;
    }
    try {
      return advance();
    } catch (DumpFormatException e) {
      failure = e;
      throw e;
    }
  }

  private ReadItem advance() throws IOException {
    while (true) {
      if (!inBlock) {
        ArchiveReader.BlockHeader header = reader.nextBlock();
        if (header == null) {
          throw new DumpFormatException(source(), reader.position(),
              "the archive ends before the EOF header of namespace " + namespace);
        }
        blockNamespace = header.namespace();
        if (!header.namespace().equals(namespace)) {
          inBlock = !header.eof();
          mine = false;
          continue;
        }
        if (header.eof()) {
          checkCrc(header);
          finished = true;
          return null;
        }
        inBlock = true;
        mine = true;
      }
      FrameReader.Frame frame = reader.nextBodyFrame();
      switch (frame.kind()) {
        case TERMINATOR -> inBlock = false;
        case DOCUMENT -> {
          if (mine) {
            crc.update(frame.bytes());
            return document(frame.offset(), frame.bytes());
          }
        }
        case END -> throw new DumpFormatException(source(), frame.offset(),
            "the archive ends inside a block, before its terminator");
        default -> throw mine ? framingLost(frame) : new DumpFormatException(source(), frame.offset(),
            "archive framing lost in a block of namespace " + blockNamespace + ": " + frame.problem());
      }
    }
  }

  private void checkCrc(ArchiveReader.BlockHeader header) throws DumpFormatException {
    if (header.crc() != null && header.crc() != crc.value()) {
      throw new DumpFormatException(source(), header.offset(), "CRC mismatch for namespace " + namespace
          + ": the EOF header says " + header.crc() + ", the documents read give " + crc.value());
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
