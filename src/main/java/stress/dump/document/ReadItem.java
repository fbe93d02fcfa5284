package stress.dump.document;

/**
 * One length-prefixed document of a dump, in read order: either a good {@link DumpDocument} or a
 * {@link Rejection}. Items of one stream are contiguous: each starts where the previous one ended.
 */
public sealed interface ReadItem permits DumpDocument, Rejection {
  /** The file (and archive namespace) the item was read from, for messages. */
  String source();

  /** Byte offset of the item's length prefix in the (uncompressed) stream. */
  long offset();

  /** 0-based position of the document in its collection, counting rejected ones too. */
  long index();

  /** Number of stream bytes the item covers. */
  long length();
}
