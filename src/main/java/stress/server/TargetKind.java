package stress.server;

/** What kind of server a connection reached. Everything that differs per kind lives in this package. */
public enum TargetKind {
  POSTGRESQL("PostgreSQL"),
  CITUS_COORDINATOR("Citus coordinator"),
  CITUS_WORKER("Citus worker"),
  XL_COORDINATOR("Postgres-XL coordinator"),
  XL_DATANODE("Postgres-XL datanode"),
  GREENPLUM("Greenplum");

  private final String displayName;

  TargetKind(String displayName) {
    this.displayName = displayName;
  }

  public String displayName() {
    return displayName;
  }
}
