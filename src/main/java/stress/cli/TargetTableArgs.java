package stress.cli;

import picocli.CommandLine.Mixin;
import stress.connect.ConnectionOptions;

/** The document table a command reads, on the target server: the connection, then the table. */
final class TargetTableArgs {
  @Mixin
  ConnectionArgs connection;

  @Mixin
  TableArgs tables;

  /** The connection, where unset the one given before the subcommand ({@code outer}). */
  ConnectionOptions connection(ConnectionArgs outer) {
    return connection.toOptions(outer);
  }

  /** The schema as the catalog stores it, or null for the search path. */
  String schema() {
    return tables.name().schema();
  }

  /** The table's name as the catalog stores it. */
  String table() {
    return tables.name().name();
  }
}
