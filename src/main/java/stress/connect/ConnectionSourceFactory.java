package stress.connect;

/** Creates connection sources of one pool kind; found by {@link #name()} through ServiceLoader. */
public interface ConnectionSourceFactory {

  /** The pool kind's name as users type it. */
  String name();

  /** A new source for the given database and pool size. */
  ConnectionSource open(ConnectionSpec spec, PoolSettings pool);
}
