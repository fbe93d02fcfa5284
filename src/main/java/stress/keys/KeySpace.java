package stress.keys;

/** The keys that exist in a document table, addressed by a dense index 0..size-1. */
public interface KeySpace {

  /** Number of keys. */
  long size();

  /** The key at an index in 0..size-1, as the Java type bound for the table's _id column. */
  Object key(long index);

  /** One line for reports, e.g. "dense integer range 1..1000000". */
  String describe();
}
