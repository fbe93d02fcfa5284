package stress.load.importer;

import java.util.Arrays;
import stress.dump.document.DumpDocument;
import stress.load.EncodedRow;

/**
 * A document of a batch after its conversion, kept until the batch is committed: where it was read, its row, and
 * its BSON bytes as a slice of an array shared by the batch ({@link stress.load.ByteSlab} says why).
 * {@link #document()} gives the document back whole, for the rare paths that need it (a rejection, the row-by-row
 * path).
 *
 * @param source where it was read from
 * @param offset byte offset of the document in the (uncompressed) stream
 * @param index  0-based position in the collection
 * @param bson   holds the raw document from {@code at} on; not copied, do not modify
 * @param at     where the document starts in {@code bson}
 * @param size   its number of bytes
 * @param row    the row it became
 * @param repeatedFields null, or which field name was repeated and which value the row holds (--repeated-fields)
 */
record KeptDocument(String source, long offset, long index, byte[] bson, int at, int size, EncodedRow row,
                    String repeatedFields)
    implements BatchItem {

  @Override
  public long length() {
    return size;
  }

  /** The document as read, in an array of its own. */
  DumpDocument document() {
    return new DumpDocument(source, offset, index, Arrays.copyOfRange(bson, at, at + size));
  }
}
