package stress.dump;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.ZipException;

/**
 * Cuts a byte stream into length-prefixed BSON frames (and, in archives, 0xFFFFFFFF terminators),
 * counting bytes so every frame knows its offset. It trusts a length prefix only when it is between
 * 5 and {@link #MAX_DOCUMENT_SIZE}, the bytes are all there, and the last byte is the 0 that ends every
 * BSON document; anything else means the framing is lost.
 */
final class FrameReader {
  /** MongoDB's 16 MiB document limit plus the 16 KiB of headroom its tools allow. */
  static final int MAX_DOCUMENT_SIZE = 16 * 1024 * 1024 + 16 * 1024;
  static final int MIN_DOCUMENT_SIZE = 5;
  private static final int TERMINATOR = 0xFFFFFFFF;
  private static final int EAGER_ALLOCATION = 1 << 20;

  enum Kind { END, TERMINATOR, DOCUMENT, BROKEN }

  /** One thing found in the stream. */
  record Frame(Kind kind, long offset, byte[] bytes, long length, String problem) {
    static Frame broken(long offset, byte[] bytes, long length, String problem) {
      return new Frame(Kind.BROKEN, offset, bytes, length, problem);
    }
  }

  private final InputStream in;
  private final byte[] prefix = new byte[4];
  private long position;

  FrameReader(InputStream in, long startPosition) {
    this.in = in;
    this.position = startPosition;
  }

  /** Bytes consumed so far (plus the start position). */
  long position() {
    return position;
  }

  /**
   * Reads the next frame. {@code terminatorAllowed} makes 0xFFFFFFFF a terminator (archives) rather than
   * a bad length. I/O errors other than a corrupt or truncated gzip stream are thrown.
   */
  Frame next(boolean terminatorAllowed) throws IOException {
    long offset = position;
    int got;
    try {
      got = readFully(prefix, 0, 4);
    } catch (ZipException | EOFException e) {
      return gzipBroken(offset, e);
    }
    if (got == 0) {
      return new Frame(Kind.END, offset, null, 0, null);
    }
    if (got < 4) {
      return Frame.broken(offset, Arrays.copyOf(prefix, got), got, "truncated length prefix: only " + got
          + " byte(s) left after the last document, a length prefix has 4 (trailing garbage or a cut file)");
    }
    int size = (prefix[0] & 0xff) | (prefix[1] & 0xff) << 8 | (prefix[2] & 0xff) << 16 | (prefix[3] & 0xff) << 24;
    if (terminatorAllowed && size == TERMINATOR) {
      return new Frame(Kind.TERMINATOR, offset, null, 4, null);
    }
    if (size < MIN_DOCUMENT_SIZE) {
      return Frame.broken(offset, null, 4, "invalid document length " + size
          + ": a BSON document has at least " + MIN_DOCUMENT_SIZE + " bytes");
    }
    if (size > MAX_DOCUMENT_SIZE) {
      return Frame.broken(offset, null, 4, "invalid document length " + size + ": larger than the maximum of "
          + MAX_DOCUMENT_SIZE + " bytes (16 MiB + 16 KiB)");
    }
    byte[] document;
    int body;
    try {
      document = readBody(size);
      body = document.length - 4;
    } catch (ZipException | EOFException e) {
      return gzipBroken(offset, e);
    }
    if (body < size - 4) {
      return Frame.broken(offset, document, 4 + body, "truncated document: its length prefix says "
          + size + " bytes but only " + (4 + body) + " are left");
    }
    if (document[size - 1] != 0) {
      return Frame.broken(offset, document, size, "document of length " + size
          + " does not end with a 0 byte, so its length prefix cannot be trusted");
    }
    return new Frame(Kind.DOCUMENT, offset, document, size, null);
  }

  /**
   * The prefix and up to {@code size - 4} more bytes. Large frames are read in chunks, so a corrupt
   * length near the limit does not allocate 16 MiB before finding that the bytes are not there.
   */
  private byte[] readBody(int size) throws IOException {
    if (size <= EAGER_ALLOCATION) {
      byte[] document = Arrays.copyOf(prefix, size);
      int body = readFully(document, 4, size - 4);
      return body == size - 4 ? document : Arrays.copyOf(document, 4 + body);
    }
    byte[] rest = in.readNBytes(size - 4);
    position += rest.length;
    byte[] document = Arrays.copyOf(prefix, 4 + rest.length);
    System.arraycopy(rest, 0, document, 4, rest.length);
    return document;
  }

  private Frame gzipBroken(long offset, IOException e) {
    return Frame.broken(offset, null, position - offset, "gzip stream is corrupt or truncated ("
        + e.getMessage() + ") at uncompressed byte offset " + position);
  }

  private int readFully(byte[] target, int from, int length) throws IOException {
    int total = 0;
    while (total < length) {
      int n = in.read(target, from + total, length - total);
      if (n < 0) {
        break;
      }
      total += n;
      position += n;
    }
    return total;
  }

  void close() throws IOException {
    in.close();
  }
}
