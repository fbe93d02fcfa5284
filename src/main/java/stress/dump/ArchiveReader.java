package stress.dump;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import stress.dump.bson.BsonWalker;
import stress.dump.bson.FrameReader;
import stress.dump.naming.Namespace;

/**
 * The framing of a mongodump {@code --archive} file (plain or gzip-compressed): the magic number
 * 0x8199e26d (little-endian), a header document, collection-metadata documents up to a 0xFFFFFFFF
 * terminator, then blocks, each a namespace header document, zero or more documents of that
 * namespace and a terminator. A namespace ends with a header whose {@code EOF} is true and whose
 * {@code CRC} is the CRC-64 of all its documents. Every header document is checked and decoded with
 * org.bson.
 */
final class ArchiveReader implements Closeable {
  static final int MAGIC = 0x8199e26d;

  /** A namespace block header (crc null when absent); for EOF headers the block's terminator has already been read. */
  record BlockHeader(Namespace namespace, boolean eof, Long crc, long offset) {}

  private final String source;
  private final FrameReader frames;
  private final ArchivePrelude prelude;

  private ArchiveReader(String source, FrameReader frames) throws IOException {
    this.source = source;
    this.frames = frames;
    this.prelude = readPrelude();
  }

  /** Opens the archive and reads its magic number and prelude. */
  static ArchiveReader open(Path file) throws IOException {
    DataFiles.Opened opened = DataFiles.open(file);
    String source = DataFiles.describe(file, opened.gzip());
    byte[] magic;
    try {
      magic = opened.in().readNBytes(4);
    } catch (ZipException | EOFException e) {
      opened.in().close();
      throw DataFiles.corruptGzip(file, 0, e);
    }
    int value = magic.length < 4 ? 0 : (magic[0] & 0xff) | (magic[1] & 0xff) << 8 | (magic[2] & 0xff) << 16
        | (magic[3] & 0xff) << 24;
    if (magic.length < 4 || value != MAGIC) {
      opened.in().close();
      throw new NotADumpException(source, JsonExports.notReadable(JsonExports.head(file)));
    }
    try {
      return new ArchiveReader(source, new FrameReader(opened.in(), 4));
    } catch (IOException | RuntimeException e) {
      opened.in().close();
      throw e;
    }
  }

  String source() {
    return source;
  }

  ArchivePrelude prelude() {
    return prelude;
  }

  long position() {
    return frames.position();
  }

  private ArchivePrelude readPrelude() throws IOException {
    FrameReader.Frame first = frames.next(false);
    RawBsonDocument header = headerDocument(first, "archive header");
    List<ArchiveEntry> entries = new ArrayList<>();
    while (true) {
      FrameReader.Frame frame = frames.next(true);
      if (frame.kind() == FrameReader.Kind.TERMINATOR) {
        break;
      }
      RawBsonDocument entry = headerDocument(frame, "collection metadata entry");
      Namespace namespace = namespace(entry, frame.offset(), "collection metadata entry");
      entries.add(new ArchiveEntry(namespace, optionalString(entry, "metadata", ""), optionalString(entry, "type", null),
          number(entry, "size"), frame.offset()));
    }
    return new ArchivePrelude(optionalString(header, "version", null), optionalString(header, "server_version", null),
        optionalString(header, "tool_version", null), (int) number(header, "concurrent_collections"), entries);
  }

  /** The next block's header, or null at the clean end of the archive. */
  BlockHeader nextBlock() throws IOException {
    FrameReader.Frame frame = frames.next(true);
    if (frame.kind() == FrameReader.Kind.END) {
      return null;
    }
    if (frame.kind() == FrameReader.Kind.TERMINATOR) {
      throw new DumpFormatException(source, frame.offset(), "terminator where a namespace header was expected");
    }
    RawBsonDocument header = headerDocument(frame, "namespace header");
    Namespace namespace = namespace(header, frame.offset(), "namespace header");
    BsonValue eof = header.get("EOF");
    boolean isEof = eof != null && eof.isBoolean() && eof.asBoolean().getValue();
    BsonValue crcValue = header.get("CRC");
    Long crc = crcValue != null && crcValue.isNumber() ? crcValue.asNumber().longValue() : null;
    if (isEof) {
      FrameReader.Frame after = frames.next(true);
      if (after.kind() != FrameReader.Kind.TERMINATOR) {
        throw new DumpFormatException(source, after.offset(), "the EOF header of namespace " + namespace
            + " is not followed by a terminator");
      }
    }
    return new BlockHeader(namespace, isEof, crc, frame.offset());
  }

  /** The next frame inside a block: a document, the block's terminator, or a broken frame. */
  FrameReader.Frame nextBodyFrame() throws IOException {
    return frames.next(true);
  }

  private RawBsonDocument headerDocument(FrameReader.Frame frame, String what) throws DumpFormatException {
    switch (frame.kind()) {
      case END -> throw new DumpFormatException(source, frame.offset(), "archive ends where a " + what + " was expected");
      case TERMINATOR -> throw new DumpFormatException(source, frame.offset(), "terminator where a " + what + " was expected");
      case BROKEN -> throw new DumpFormatException(source, frame.offset(), "bad " + what + ": " + frame.problem());
      default -> {
        String problem = BsonWalker.decodingProblem(frame.bytes());
        if (problem != null) {
          throw new DumpFormatException(source, frame.offset(), "bad " + what + ": " + problem);
        }
        return new RawBsonDocument(frame.bytes());
      }
    }
  }

  private Namespace namespace(RawBsonDocument document, long offset, String what) throws DumpFormatException {
    BsonValue db = document.get("db");
    BsonValue collection = document.get("collection");
    if (db == null || !db.isString() || collection == null || !collection.isString()
        || collection.asString().getValue().isEmpty()) {
      throw new DumpFormatException(source, offset, what + " lacks the string fields 'db' and 'collection': "
          + document.toJson());
    }
    return new Namespace(db.asString().getValue(), collection.asString().getValue());
  }

  private static String optionalString(RawBsonDocument document, String key, String fallback) {
    BsonValue value = document.get(key);
    return value != null && value.isString() ? value.asString().getValue() : fallback;
  }

  private static long number(RawBsonDocument document, String key) {
    BsonValue value = document.get(key);
    return value != null && value.isNumber() ? value.asNumber().longValue() : -1;
  }

  @Override
  public void close() throws IOException {
    frames.close();
  }
}
