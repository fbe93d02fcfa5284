package stress.server.dialect;

/** Postgres-XL coordinator: both tables hash-distributed across the datanodes ({@link DistributingDialect}). */
public final class XlDialect extends DistributingDialect {

  @Override
  String distributedBy(String quotedColumn) {
    return " DISTRIBUTE BY HASH (" + quotedColumn + ")";
  }

  @Override
  String replicated() {
    return " DISTRIBUTE BY REPLICATION";
  }
}
