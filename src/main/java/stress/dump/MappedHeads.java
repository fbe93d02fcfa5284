package stress.dump;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.BooleanSupplier;
import org.bson.BsonValue;
import stress.dump.bson.FrameReader;

/**
 * The {@code _id} pass over an uncompressed {@code .bson} file through a memory map. A stream copies every byte of
 * the file out of the page cache although the pass needs only each document's first bytes and last byte; through the
 * map, the rest of a document is never touched. It takes exactly the documents {@link FrameReader#nextHead} makes a
 * {@link FrameReader.Kind#HEAD} of, and stops at the first other one (shorter, its {@code _id} not in its head, a
 * length that cannot be right, cut short, not ending with 0), which the stream then reads as before: what the pass
 * counts and reports is the stream's, only faster.
 */
final class MappedHeads implements Closeable {
  /** A map covers this much of the file at a time (a document crossing its end starts the next one). */
  private static final long WINDOW = 1L << 30;

  private final FileChannel channel;
  private final long size;
  private final long windowBytes;
  private MappedByteBuffer window;
  private long windowStart;
  private byte[] head = new byte[0];

  private MappedHeads(FileChannel channel, long size, long windowBytes) {
    this.channel = channel;
    this.size = size;
    this.windowBytes = windowBytes;
  }

  /** The file mapped for the pass, or null where it is not a regular file (a pipe: the stream reads it). */
  static MappedHeads open(Path file) throws IOException {
    return open(file, WINDOW);
  }

  /** As {@link #open(Path)}, mapping {@code windowBytes} at a time (tests use small ones). */
  static MappedHeads open(Path file, long windowBytes) throws IOException {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    return new MappedHeads(channel, channel.size(), windowBytes);
  }

  /**
   * Counts, from {@code offset}, the {@code _id} of each document whose first {@code headBytes} show it, as
   * {@link BsonDocumentReader#countIds} does with a head read from the stream, calling {@code counted} for each.
   *
   * @return the offset of the first document not taken: the stream goes on from there (the file's size at its end)
   */
  long count(long offset, int headBytes, IdTypeDetector ids, BooleanSupplier stopping, Runnable counted)
      throws IOException {
    if (head.length != headBytes) {
      head = new byte[headBytes];
    }
    while (offset + 4 <= size && !stopping.getAsBoolean()) {
      int at = cover(offset, 4);
      int length = window.getInt(at);
      if (length < FrameReader.MIN_DOCUMENT_SIZE || length > FrameReader.MAX_DOCUMENT_SIZE || length <= headBytes + 1
          || offset + length > size) {
        return offset;
      }
      at = cover(offset, length);
      if (window.get(at + length - 1) != 0) {
        return offset;
      }
      window.get(at, head);
      BsonValue id = IdTypeDetector.idInHead(head);
      if (id == null) {
        return offset;
      }
      ids.acceptHeadId(id);
      counted.run();
      offset += length;
    }
    return offset;
  }

  /** Maps, if needed, a window that holds {@code length} bytes from {@code offset}; returns the offset in it. */
  private int cover(long offset, int length) throws IOException {
    if (window == null || offset < windowStart || offset + length > windowStart + window.capacity()) {
      windowStart = offset;
      window = channel.map(FileChannel.MapMode.READ_ONLY, offset, Math.min(Math.max(windowBytes, length),
          size - offset));
      window.order(ByteOrder.LITTLE_ENDIAN);
    }
    return (int) (offset - windowStart);
  }

  @Override
  public void close() throws IOException {
    window = null;
    channel.close();
  }
}
