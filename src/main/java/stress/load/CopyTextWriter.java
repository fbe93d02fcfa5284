package stress.load;

import java.io.Writer;
import java.util.Arrays;

/**
 * A {@link Writer} that encodes what it is given straight into the bytes of one COPY text-format field: UTF-8,
 * with backslash, tab, newline and carriage return escaped, so that a JSON writer can write a document's text
 * once, already in the form COPY reads (no second scan of the text to escape it). Reusable: {@link #reset()}.
 *
 * <p>Refuses what PostgreSQL text cannot store instead of changing it: a NUL character, and an unpaired UTF-16
 * surrogate (no UTF-8 form). It does not look inside JSON escapes: jsonb's refusal of {@code \u0000} is the
 * producer's check (the BSON converter refuses strings holding U+0000 before writing them).
 */
public final class CopyTextWriter extends Writer {
  private static final int KEPT_CAPACITY = 4 << 20;

  private byte[] buffer;
  private int length;
  private char pendingHigh; // a high surrogate waiting for its low half, or 0
  private long written;     // characters taken, for messages

  public CopyTextWriter(int initialCapacity) {
    buffer = new byte[Math.max(initialCapacity, 16)];
  }

  @Override
  public void write(int c) {
    // JSON writers hand over most text one character at a time, mostly plain ASCII: that case first
    if (c >= ' ' && c < 0x7f && c != '\\' && pendingHigh == 0 && length < buffer.length) {
      buffer[length++] = (byte) c;
      written++;
    } else {
      put((char) c);
    }
  }

  @Override
  public void write(char[] chars, int offset, int count) {
    for (int i = offset, end = offset + count; i < end; i++) {
      put(chars[i]);
    }
  }

  @Override
  public void write(String text, int offset, int count) {
    for (int i = offset, end = offset + count; i < end; i++) {
      write(text.charAt(i));
    }
  }

  @Override
  public void write(String text) {
    write(text, 0, text.length());
  }

  @Override
  public Writer append(char c) {
    put(c);
    return this;
  }

  /** The field's bytes so far, as a new array. */
  public byte[] toByteArray() {
    if (pendingHigh != 0) {
      throw unpaired();
    }
    return Arrays.copyOf(buffer, length);
  }

  /** Copies the field's bytes so far into {@code slab} and returns their offset in {@link ByteSlab#array()}. */
  public int copyTo(ByteSlab slab) {
    if (pendingHigh != 0) {
      throw unpaired();
    }
    return slab.add(buffer, 0, length);
  }

  /** Number of bytes written since the last reset. */
  public int length() {
    return length;
  }

  /** Starts a new field; a very large buffer left by one huge field is let go. */
  public void reset() {
    length = 0;
    pendingHigh = 0;
    written = 0;
    if (buffer.length > KEPT_CAPACITY) {
      buffer = new byte[KEPT_CAPACITY / 64];
    }
  }

  @Override
  public void flush() {
    // everything is in the buffer already
  }

  @Override
  public void close() {
    // nothing to release
  }

  private void put(char c) {
    if (length + 4 > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + 4));
    }
    written++;
    byte[] b = buffer;
    if (pendingHigh != 0) {
      if (!Character.isLowSurrogate(c)) {
        throw unpaired();
      }
      int cp = Character.toCodePoint(pendingHigh, c);
      pendingHigh = 0;
      b[length++] = (byte) (0xF0 | cp >> 18);
      b[length++] = (byte) (0x80 | cp >> 12 & 0x3F);
      b[length++] = (byte) (0x80 | cp >> 6 & 0x3F);
      b[length++] = (byte) (0x80 | cp & 0x3F);
    } else if (c < 0x80) {
      switch (c) {
        case '\\' -> escape('\\');
        case '\t' -> escape('t');
        case '\n' -> escape('n');
        case '\r' -> escape('r');
        case '\0' -> throw new IllegalArgumentException("it contains a NUL character, which PostgreSQL text cannot store");
        default -> b[length++] = (byte) c;
      }
    } else if (c < 0x800) {
      b[length++] = (byte) (0xC0 | c >> 6);
      b[length++] = (byte) (0x80 | c & 0x3F);
    } else if (Character.isHighSurrogate(c)) {
      pendingHigh = c;
    } else if (Character.isLowSurrogate(c)) {
      throw unpaired();
    } else {
      b[length++] = (byte) (0xE0 | c >> 12);
      b[length++] = (byte) (0x80 | c >> 6 & 0x3F);
      b[length++] = (byte) (0x80 | c & 0x3F);
    }
  }

  private void escape(char c) {
    buffer[length++] = '\\';
    buffer[length++] = (byte) c;
  }

  private IllegalArgumentException unpaired() {
    return new IllegalArgumentException("it contains an unpaired UTF-16 surrogate at character " + (written - 1)
        + ", which has no UTF-8 form");
  }
}
