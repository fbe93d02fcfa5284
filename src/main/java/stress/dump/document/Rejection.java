package stress.dump.document;

import java.util.Objects;
import java.util.Optional;

/**
 * A document that could not be imported, with everything needed to find it again and to keep it.
 *
 * @param source   the file (and archive namespace) it was read from
 * @param offset   byte offset of its length prefix in the (uncompressed) stream
 * @param index    0-based position in the collection, counting rejected documents too
 * @param length   number of stream bytes this rejection covers (the whole frame when the length prefix
 *                 was usable, else what could be read of the rest of the stream)
 * @param reason   one line saying what is wrong
 * @param rawBytes the bytes as read, or null when they could not be read (see {@link #bytes()})
 * @param text     the input as read when it is text (a line of a JSON export), else null; then {@code rawBytes} is
 *                 null
 */
public record Rejection(String source, long offset, long index, long length, String reason, byte[] rawBytes,
                        String text) implements ReadItem {
  public Rejection {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(reason, "reason");
  }

  /** A rejected BSON document (or what could be read of it). */
  public Rejection(String source, long offset, long index, long length, String reason, byte[] rawBytes) {
    this(source, offset, index, length, reason, rawBytes, null);
  }

  /** The raw bytes when they could be read (a frame whose length prefix was usable, or a short tail). */
  public Optional<byte[]> bytes() {
    return Optional.ofNullable(rawBytes);
  }

  /** One line naming the file, the byte offset, the document index and the reason. */
  public String describe() {
    return source + ": document #" + index + " at byte offset " + offset + ": " + reason;
  }

  @Override
  public String toString() {
    return describe();
  }
}
