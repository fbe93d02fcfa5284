package stress.dump.bson;

/** Which MongoDB Extended JSON v2 flavour documents are written in. */
public enum JsonFormat {
  /**
   * Relaxed Extended JSON v2 (the default): numbers as JSON numbers (NaN and the infinities as
   * {@code {"$numberDouble": "NaN"}}), dates as ISO-8601 strings within years 1970-9999, other BSON
   * types as {@code $}-wrappers. Reads naturally in jsonb queries; int32 and int64 are not told apart.
   */
  RELAXED,
  /** Canonical Extended JSON v2: every number and date type-wrapped, so the BSON round trip is exact. */
  CANONICAL
}
