package stress.server;

/**
 * The Greenplum-family cluster as {@code gp_segment_configuration} describes it.
 *
 * @param primarySegments segments acting as primary with content 0 or more (the coordinator has content -1)
 */
public record GreenplumSegments(int primarySegments) {
  public GreenplumSegments {
    if (primarySegments < 0) {
      throw new IllegalArgumentException("primary segment count must not be negative, got " + primarySegments);
    }
  }
}
