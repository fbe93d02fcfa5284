package stress.server.dialect;

/** Greenplum family: both tables distributed across the segments ({@link DistributingDialect}). */
public final class GreenplumDialect extends DistributingDialect {

  @Override
  String distributedBy(String quotedColumn) {
    return " DISTRIBUTED BY (" + quotedColumn + ")";
  }

  @Override
  String replicated() {
    return " DISTRIBUTED REPLICATED";
  }
}
