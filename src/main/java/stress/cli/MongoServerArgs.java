package stress.cli;

import picocli.CommandLine.Option;
import stress.model.UsageException;

/** A MongoDB server and its collection of the table's documents, for the commands that set it beside PostgreSQL. */
final class MongoServerArgs {
  @Option(names = "--against", paramLabel = "URL",
      description = "The MongoDB server (mongodb://HOST:PORT/ or mongodb+srv://...; FerretDB and DocumentDB too); its"
          + " password is never printed. run takes it more than once: every server measured beside PostgreSQL.")
  java.util.List<String> against;

  @Option(names = "--collection", paramLabel = "DB.COLLECTION",
      description = "The collection on that server that holds the table's documents (the same dump imported there with"
          + " 'import --to').")
  String collection;

  /**
   * True when a server is given, for {@code run}: with {@code --workload DIR} each collection's namespace in the
   * listing names its MongoDB collection, so --against comes alone.
   */
  boolean given(boolean application) {
    if (application && collection != null && against != null) {
      throw new UsageException("--collection names the one collection of a workload file; with --workload DIR each"
          + " collection's namespace in application.yaml names its MongoDB collection: give --against alone");
    }
    return application ? against != null : given();
  }

  /** The one server of a command that compares with one. */
  String url() {
    if (against != null && against.size() > 1) {
      throw new UsageException("--against is given " + against.size() + " times; this command compares with one"
          + " server (run measures several)");
    }
    return against == null ? null : against.get(0);
  }

  /** True when a server is given; both options or neither. */
  boolean given() {
    if ((against == null) != (collection == null)) {
      throw new UsageException("--against and --collection go together: the MongoDB server and its collection of the"
          + " table's documents");
    }
    return against != null;
  }
}
