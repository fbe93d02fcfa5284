package stress.load;

import java.util.Objects;

/**
 * A row whose {@code data} value is already encoded for COPY's text format, so that the loader only copies it.
 *
 * @param id       the {@code _id} value as text (escaped by the loader)
 * @param copyData the JSON text as UTF-8 with COPY text escapes, as {@link CopyTextWriter#toByteArray()} gives it:
 *                 no raw tab, newline, carriage return or NUL; not copied, do not modify
 */
public record EncodedRow(String id, byte[] copyData) implements CopyRow {
  public EncodedRow {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(copyData, "copyData");
  }
}
