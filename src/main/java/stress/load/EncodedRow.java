package stress.load;

import java.util.Objects;

/**
 * A row whose {@code data} value is already encoded for COPY's text format, so that the loader only copies it. The
 * bytes may be a slice of a larger array that holds the rows of a whole batch ({@link ByteSlab}).
 *
 * @param id     the {@code _id} value as text (escaped by the loader)
 * @param array  holds the JSON text as UTF-8 with COPY text escapes, as {@link CopyTextWriter} writes it: no raw tab,
 *               newline, carriage return or NUL; not copied, do not modify
 * @param offset where the text starts in {@code array}
 * @param length its number of bytes
 * @param key    the key column's value as text, or null
 */
public record EncodedRow(String id, byte[] array, int offset, int length, String key) implements CopyRow {
  public EncodedRow(String id, byte[] array, int offset, int length) {
    this(id, array, offset, length, null);
  }

  public EncodedRow {
    Objects.requireNonNull(id, "id");
    Objects.checkFromIndexSize(offset, length, Objects.requireNonNull(array, "array").length);
  }

  /** A row whose text is the whole of {@code copyData}. */
  public EncodedRow(String id, byte[] copyData) {
    this(id, copyData, 0, copyData.length);
  }
}
