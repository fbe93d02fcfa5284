package stress.cli;

import picocli.CommandLine.Option;

/** What a loading command does with tables that already exist: shared by init and import. */
final class ExistingTableArgs {
  @Option(names = "--drop-existing", description = "Drop and recreate tables that exist.")
  boolean dropExisting;

  @Option(names = "--reuse", description = "Load into existing tables, keeping their rows (and their _id type).")
  boolean reuse;
}
