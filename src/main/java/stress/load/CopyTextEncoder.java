package stress.load;

import java.util.Arrays;

/**
 * Encodes rows for COPY's text format straight into one reusable UTF-8 byte buffer: fields separated by tab,
 * rows ended by newline, and backslash, tab, newline and carriage return escaped so that any text arrives
 * unchanged. Encoding by hand avoids a String and a byte array per row.
 *
 * <p>Refuses what PostgreSQL cannot store instead of changing it: a NUL character (raw or as the JSON escape
 * {@code \u0000}, which jsonb rejects) and unpaired UTF-16 surrogates, which have no UTF-8 form.
 */
final class CopyTextEncoder {
  private byte[] buffer;
  private int length;

  CopyTextEncoder(int initialCapacity) {
    buffer = new byte[Math.max(initialCapacity, 16)];
  }

  /**
   * Appends {@code id TAB json NEWLINE} and returns the number of bytes added. On a refusal nothing is added
   * and an {@link IllegalArgumentException} says why.
   */
  int appendRow(String id, String json) {
    return appendRow(id, false, null, json);
  }

  /** As {@link #appendRow(String, String)}, with the key field after the id when {@code keyed} (null: {@code \N}). */
  private int appendRow(String id, boolean keyed, String key, String json) {
    int start = length;
    try {
      appendKeys(id, keyed, key);
      put((byte) '\t');
      appendText(json, true);
      put((byte) '\n');
    } catch (IllegalArgumentException e) {
      length = start;
      throw e;
    }
    return length - start;
  }

  /**
   * Appends {@code id TAB data NEWLINE} where {@code data} (its {@code count} bytes from {@code offset}) is already
   * in COPY text form ({@link CopyTextWriter}); returns the number of bytes added. On a refusal of the id nothing is
   * added.
   */
  int appendEncodedRow(String id, byte[] data, int offset, int count) {
    return appendEncodedRow(id, false, null, data, offset, count);
  }

  private int appendEncodedRow(String id, boolean keyed, String key, byte[] data, int offset, int count) {
    int start = length;
    try {
      appendKeys(id, keyed, key);
    } catch (IllegalArgumentException e) {
      length = start;
      throw e;
    }
    ensure(count + 2);
    buffer[length++] = '\t';
    System.arraycopy(data, offset, buffer, length, count);
    length += count;
    buffer[length++] = '\n';
    return length - start;
  }

  /** The {@code _id} field, then, when {@code keyed}, a tab and the key field ({@code \N} for null). */
  private void appendKeys(String id, boolean keyed, String key) {
    appendText(id, false);
    if (!keyed) {
      return;
    }
    put((byte) '\t');
    if (key == null) {
      put((byte) '\\');
      put((byte) 'N');
    } else {
      appendText(key, false);
    }
  }

  /** Appends one row of either kind; see {@link #appendRow} and {@link #appendEncodedRow}. */
  int append(CopyRow row) {
    return append(row, false);
  }

  /** Appends one row of either kind, with its key column after the {@code _id} when {@code keyed}. */
  int append(CopyRow row, boolean keyed) {
    if (row instanceof EncodedRow encoded) {
      return appendEncodedRow(encoded.id(), keyed, encoded.key(), encoded.array(), encoded.offset(), encoded.length());
    }
    DocumentRow text = (DocumentRow) row;
    return appendRow(text.id(), keyed, text.key(), text.json());
  }

  byte[] bytes() {
    return buffer;
  }

  int length() {
    return length;
  }

  void clear() {
    length = 0;
  }

  private void appendText(String text, boolean json) {
    ensure(text.length() * 3); // upper bound: an escape takes 2 bytes, a BMP character at most 3, a pair 4
    boolean escaped = false; // inside JSON, the previous character was an unpaired backslash
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        if (json && c == '\\' && !escaped && text.startsWith("u0000", i + 1)) {
          throw new IllegalArgumentException("it contains the JSON escape \\u0000 (a NUL character), which jsonb cannot store");
        }
        escaped = json && c == '\\' && !escaped;
        switch (c) {
          case '\\' -> putEscape('\\');
          case '\t' -> putEscape('t');
          case '\n' -> putEscape('n');
          case '\r' -> putEscape('r');
          case '\0' -> throw new IllegalArgumentException("it contains a NUL character, which PostgreSQL text cannot store");
          default -> put((byte) c);
        }
      } else {
        escaped = false;
        if (c < 0x800) {
          put((byte) (0xC0 | c >> 6));
          put((byte) (0x80 | c & 0x3F));
        } else if (Character.isSurrogate(c)) {
          if (!Character.isHighSurrogate(c) || i + 1 >= n || !Character.isLowSurrogate(text.charAt(i + 1))) {
            throw new IllegalArgumentException("it contains an unpaired UTF-16 surrogate at character " + i
                + ", which has no UTF-8 form");
          }
          int cp = Character.toCodePoint(c, text.charAt(++i));
          put((byte) (0xF0 | cp >> 18));
          put((byte) (0x80 | cp >> 12 & 0x3F));
          put((byte) (0x80 | cp >> 6 & 0x3F));
          put((byte) (0x80 | cp & 0x3F));
        } else {
          put((byte) (0xE0 | c >> 12));
          put((byte) (0x80 | c >> 6 & 0x3F));
          put((byte) (0x80 | c & 0x3F));
        }
      }
    }
  }

  private void putEscape(char c) {
    put((byte) '\\');
    put((byte) c);
  }

  private void put(byte b) {
    if (length == buffer.length) {
      ensure(1);
    }
    buffer[length++] = b;
  }

  private void ensure(int more) {
    if (length + more > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
    }
  }
}
