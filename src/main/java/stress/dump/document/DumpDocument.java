package stress.dump.document;

import java.util.Objects;

/**
 * A BSON document read from a dump and fully decoded once to check it (structure, element types,
 * strings as strict UTF-8), unless its stream was told {@link DocumentStream#withoutDecodeCheck()}: then
 * only its framing is checked. The bytes are the exact document as stored, length prefix included.
 *
 * @param source where it was read from, for messages
 * @param offset byte offset of the document in the (uncompressed) stream
 * @param index  0-based position in the collection, counting rejected documents too
 * @param bytes  the raw document; not copied, do not modify
 */
public record DumpDocument(String source, long offset, long index, byte[] bytes) implements ReadItem {
  public DumpDocument {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(bytes, "bytes");
  }

  @Override
  public long length() {
    return bytes.length;
  }

  @Override
  public String toString() {
    return "DumpDocument[" + source + " #" + index + " at offset " + offset + ", " + bytes.length + " bytes]";
  }
}
