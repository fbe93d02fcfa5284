package stress.server.dialect;

import stress.server.TargetInfo;

/** Picks the {@link Dialect} for a detected target. */
public final class Dialects {
  private Dialects() {}

  /** The dialect for the target's kind. */
  public static Dialect forTarget(TargetInfo target) {
    return switch (target.kind()) {
      case POSTGRESQL -> new PostgresDialect();
      case CITUS_COORDINATOR -> new CitusDialect();
      case XL_COORDINATOR -> new XlDialect();
      case GREENPLUM -> new GreenplumDialect();
      case CITUS_WORKER, XL_DATANODE -> new CoordinatorOnlyDialect(target);
    };
  }
}
