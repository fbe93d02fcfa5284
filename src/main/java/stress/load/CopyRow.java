package stress.load;

/**
 * One row for {@link CopyLoader}: either {@link DocumentRow} (JSON as text, escaped by the loader) or
 * {@link EncodedRow} (the data column already in COPY text form, as {@link CopyTextWriter} writes it).
 */
public sealed interface CopyRow permits DocumentRow, EncodedRow {
  /** The {@code _id} value as text, the way the column type's input function reads it. */
  String id();

  /** The key column's value as text, or null (no value at the key path, or a table without a key column). */
  default String key() {
    return null;
  }
}
