package stress.dump.bson;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.Predicate;
import java.util.zip.ZipException;

/**
 * Cuts a byte stream into length-prefixed BSON frames (and, in archives, 0xFFFFFFFF terminators),
 * counting bytes so every frame knows its offset. It trusts a length prefix only when it is between
 * 5 and {@link #MAX_DOCUMENT_SIZE}, the bytes are all there, and the last byte is the 0 that ends every
 * BSON document; anything else means the framing is lost.
 */
public final class FrameReader {
  /** MongoDB's 16 MiB document limit plus the 16 KiB of headroom its tools allow. */
  public static final int MAX_DOCUMENT_SIZE = 16 * 1024 * 1024 + 16 * 1024;
  public static final int MIN_DOCUMENT_SIZE = 5;
  private static final int TERMINATOR = 0xFFFFFFFF;
  private static final int EAGER_ALLOCATION = 1 << 20;

  /** {@code HEAD}: a document of which only the first bytes were read, the rest skipped (see {@link #nextHead}). */
  public enum Kind { END, TERMINATOR, DOCUMENT, HEAD, BROKEN }

  /** One thing found in the stream. */
  public record Frame(Kind kind, long offset, byte[] bytes, long length, String problem) {
    static Frame broken(long offset, byte[] bytes, long length, String problem) {
      return new Frame(Kind.BROKEN, offset, bytes, length, problem);
    }
  }

  private final InputStream in;
  private final byte[] prefix = new byte[4];
  private long position;

  public FrameReader(InputStream in, long startPosition) {
    this.in = in;
    this.position = startPosition;
  }

  /** Bytes consumed so far (plus the start position). */
  public long position() {
    return position;
  }

  /**
   * Reads the next frame. {@code terminatorAllowed} makes 0xFFFFFFFF a terminator (archives) rather than
   * a bad length. I/O errors other than a corrupt or truncated gzip stream are thrown.
   */
  public Frame next(boolean terminatorAllowed) throws IOException {
    return next(terminatorAllowed, null, 0);
  }

  /**
   * As {@link #next}, for a pass that needs only the start of each document: of a document longer than
   * {@code headBytes + 1}, the first {@code headBytes} are read and shown to {@code headSuffices}; when it says they are
   * enough, the rest is skipped unread but for the last byte, which is still checked to be the 0 that ends a document,
   * and the frame is a {@link Kind#HEAD} holding those first bytes (its length is the document's). Otherwise the rest
   * is read and the frame is the whole document. A frame broken in the skipped part holds no bytes.
   */
  public Frame nextHead(Predicate<byte[]> headSuffices, int headBytes) throws IOException {
    return next(false, headSuffices, headBytes);
  }

  private Frame next(boolean terminatorAllowed, Predicate<byte[]> headSuffices, int headBytes) throws IOException {
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
    if (headSuffices != null && size > headBytes + 1) {
      return headOrWhole(offset, size, headSuffices, headBytes);
    }
    return rest(offset, size, prefix);
  }

  /** The document whose first bytes, its length prefix at least, were read as {@code head}: it with the rest. */
  private Frame rest(long offset, int size, byte[] head) throws IOException {
    byte[] document;
    int body;
    try {
      document = readBody(head, size);
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

  private Frame headOrWhole(long offset, int size, Predicate<byte[]> headSuffices, int headBytes)
      throws IOException {
    byte[] head = Arrays.copyOf(prefix, headBytes);
    long have;
    int last = -1;
    try {
      int got = readFully(head, 4, headBytes - 4);
      if (got < headBytes - 4) {
        return rest(offset, size, Arrays.copyOf(head, 4 + got)); // it ends early: reported as a whole read reports it
      }
      if (!headSuffices.test(head)) {
        return rest(offset, size, head);
      }
      long skipped = skipFully(size - headBytes - 1);
      have = headBytes + skipped;
      if (have == size - 1 && (last = in.read()) >= 0) {
        position++;
        have++;
      }
    } catch (ZipException | EOFException e) {
      return gzipBroken(offset, e);
    }
    if (have < size) {
      return Frame.broken(offset, null, have, "truncated document: its length prefix says " + size + " bytes but only "
          + have + " are left");
    }
    if (last != 0) {
      return Frame.broken(offset, null, size, "document of length " + size
          + " does not end with a 0 byte, so its length prefix cannot be trusted");
    }
    return new Frame(Kind.HEAD, offset, head, size, null);
  }

  /** Moves on to {@code target}, skipping what lies before it unread (fewer bytes only at the end of the stream). */
  public void skipTo(long target) throws IOException {
    skipFully(target - position);
  }

  /** Skips up to {@code count} bytes; fewer only at the end of the stream. */
  private long skipFully(long count) throws IOException {
    long skipped = 0;
    while (skipped < count) {
      long n = in.skip(count - skipped);
      if (n <= 0) {
        if (in.read() < 0) {
          break;
        }
        n = 1;
      }
      skipped += n;
      position += n;
    }
    return skipped;
  }

  /**
   * {@code head}, the document's first bytes already read, and up to the rest of its {@code size}. Large frames are
   * read in chunks, so a corrupt length near the limit does not allocate 16 MiB before finding that the bytes are not
   * there.
   */
  private byte[] readBody(byte[] head, int size) throws IOException {
    if (size <= EAGER_ALLOCATION) {
      byte[] document = Arrays.copyOf(head, size);
      int body = readFully(document, head.length, size - head.length);
      return body == size - head.length ? document : Arrays.copyOf(document, head.length + body);
    }
    byte[] rest = in.readNBytes(size - head.length);
    position += rest.length;
    byte[] document = Arrays.copyOf(head, head.length + rest.length);
    System.arraycopy(rest, 0, document, head.length, rest.length);
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

  public void close() throws IOException {
    in.close();
  }
}
