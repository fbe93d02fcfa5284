package stress.dump.generate;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.bson.BsonBinaryWriter;
import org.bson.BsonWriter;
import org.bson.io.BasicOutputBuffer;
import stress.dump.Crc64;

/**
 * Writes a {@link DumpPlan} as a {@code mongodump --archive} file, field for field as mongodump 100.x
 * writes one: the magic number 0x8199e26d (little-endian); the header
 * {@code {concurrent_collections: int32, version: "0.1", server_version, tool_version}}; one prelude entry
 * {@code {db, collection, metadata: <the .metadata.json text>, size: int32 0, type: "collection"}} per
 * collection (mongodump never fills in {@code size}); a 0xFFFFFFFF terminator; then for each collection a
 * namespace header {@code {db, collection, EOF: false, CRC: int64 0}}, its documents and a terminator, and
 * the EOF header {@code {db, collection, EOF: true, CRC: <CRC-64/ECMA of the documents>}} and a
 * terminator. With gzip the whole stream is gzip-compressed, as {@code mongodump --archive --gzip} does.
 *
 * <p>Collections are written one after the other, so the header says {@code concurrent_collections: 1}
 * and each namespace has a single block (mongodump interleaves blocks only when dumping in parallel).
 */
public final class ArchiveWriter {
  /** The archive's first four bytes, read as a little-endian int32. */
  public static final int MAGIC = 0x8199e26d;
  /** The only archive format version there is. */
  public static final String FORMAT_VERSION = "0.1";
  private static final byte[] TERMINATOR = {-1, -1, -1, -1};

  private final DumpPlan plan;
  private final DumpOrigin origin;

  public ArchiveWriter(DumpPlan plan, DumpOrigin origin) {
    this.plan = Objects.requireNonNull(plan, "plan");
    this.origin = Objects.requireNonNull(origin, "origin");
  }

  /**
   * Writes the archive to {@code file} (replacing it), under a temporary name until complete, and
   * returns what was written.
   */
  public DumpSummary write(Path file, boolean gzip, GenerationListener listener) throws IOException {
    DocumentTally tally = new DocumentTally(plan, listener);
    long size;
    try (PendingFile archive = PendingFile.create(file, gzip)) {
      write(archive.out(), tally);
      size = archive.commit();
    }
    tally.finish();
    return new DumpSummary(tally.docs(), tally.bsonBytes(), size, List.of(file));
  }

  private void write(OutputStream out, DocumentTally tally) throws IOException {
    out.write(new byte[] {(byte) MAGIC, (byte) (MAGIC >>> 8), (byte) (MAGIC >>> 16), (byte) (MAGIC >>> 24)});
    out.write(bson(w -> {
      w.writeInt32("concurrent_collections", 1);
      w.writeString("version", FORMAT_VERSION);
      w.writeString("server_version", DumpOrigin.SERVER_VERSION);
      w.writeString("tool_version", origin.toolVersion());
    }));
    for (DumpPlan.CollectionRange range : plan.ranges()) {
      out.write(bson(w -> {
        writeNamespace(w, range);
        w.writeString("metadata", CollectionMetadata.json(plan.database(), range.name(), plan.seed()));
        w.writeInt32("size", 0);
        w.writeString("type", "collection");
      }));
    }
    out.write(TERMINATOR);
    for (DumpPlan.CollectionRange range : plan.ranges()) {
      out.write(namespaceHeader(range, false, 0));
      Crc64 crc = new Crc64();
      tally.write(range, out, crc);
      out.write(TERMINATOR);
      out.write(namespaceHeader(range, true, crc.value()));
      out.write(TERMINATOR);
    }
  }

  private byte[] namespaceHeader(DumpPlan.CollectionRange range, boolean eof, long crc) {
    return bson(w -> {
      writeNamespace(w, range);
      w.writeBoolean("EOF", eof);
      w.writeInt64("CRC", crc);
    });
  }

  private void writeNamespace(BsonWriter writer, DumpPlan.CollectionRange range) {
    writer.writeString("db", plan.database());
    writer.writeString("collection", range.name());
  }

  private static byte[] bson(Consumer<BsonWriter> fields) {
    BasicOutputBuffer buffer = new BasicOutputBuffer(512);
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.writeStartDocument();
      fields.accept(writer);
      writer.writeEndDocument();
    }
    return buffer.toByteArray();
  }
}
