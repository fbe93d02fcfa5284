package stress.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import stress.model.MongoUrl;
import stress.model.UsageException;

/**
 * A MongoDB server and its collection of the table's documents, for the commands that set it beside PostgreSQL. The
 * database a URL names in its path is the database of a collection given without one; the two must not disagree.
 */
final class MongoServerArgs {
  @Option(names = "--against", paramLabel = "URL",
      description = "The MongoDB server (mongodb://HOST:PORT/ or mongodb+srv://...; FerretDB and DocumentDB too); its"
          + " password is never printed. A database in its path (mongodb://HOST:PORT/DB) is that of a --collection"
          + " without one; another one there is refused. run takes it more than once: every server measured beside"
          + " PostgreSQL (the same server twice is refused: the same address and port once host names are resolved,"
          + " or the same process or replica set by what the servers say).")
  java.util.List<String> against;

  @Option(names = "--collection", paramLabel = "[DB.]COLLECTION",
      description = "The collection on that server that holds the table's documents (the same dump imported there with"
          + " 'import --to'): DB.COLLECTION, or COLLECTION in the database the --against URL names; one collection (a name"
          + " with '/' is refused: DB.COLLECTION takes a dot).")
  String collection;

  /** How host names are resolved to tell one server given twice. */
  MongoServerAddresses addresses = new MongoServerAddresses(MongoServerAddresses.SYSTEM);

  /**
   * True when a server is given, for {@code run}: with {@code --workload DIR} each collection's namespace in the
   * listing names its MongoDB collection, so --against comes alone.
   */
  boolean given(boolean application) {
    if (application && collection != null && against != null) {
      throw new UsageException("--collection names the one collection of a workload file; with --workload DIR each"
          + " collection's namespace in application.yaml names its MongoDB collection: give --against alone");
    }
    if (application && against != null) {
      servers();
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

  /** True when a server is given; both options or neither, and the collection's database known without a conflict. */
  boolean given() {
    if ((against == null) != (collection == null)) {
      throw new UsageException("--against and --collection go together: the MongoDB server and its collection of the"
          + " table's documents");
    }
    if (against != null) {
      namespace();
    }
    return against != null;
  }

  /**
   * The collection as {@code db.collection}: as given, or in the database the URLs name; null without one (an
   * application's collections are named by its listing).
   */
  String namespace() {
    List<MongoUrl> urls = servers();
    if (collection == null) {
      return null;
    }
    if (collection.contains(",")) {
      throw new UsageException("--collection takes one collection, got the list '" + collection + "': each server"
          + " is measured on one collection (--workload DIR names an application's collections)");
    }
    if (collection.contains("/")) { // a URL's path typed as a namespace: mongodb://h/stress and then stress/orders
      throw new UsageException("--collection '" + collection + "' is not a namespace: a collection is named"
          + " DB.COLLECTION, the database and the collection joined by a dot (--collection "
          + collection.replaceFirst("/", ".") + "), or COLLECTION in the database of the --against URL");
    }
    int dot = collection.indexOf('.');
    if (collection.isBlank() || dot == 0 || dot == collection.length() - 1) {
      throw new UsageException("--collection '" + collection + "': a collection is named DB.COLLECTION, or COLLECTION"
          + " in the database of the --against URL");
    }
    String named = dot < 0 ? null : collection.substring(0, dot);
    String database = named;
    MongoUrl from = null;
    for (MongoUrl url : urls) {
      if (url == null || url.database() == null) {
        continue;
      }
      if (database == null) {
        database = url.database();
        from = url;
      } else if (!database.equals(url.database())) {
        throw new UsageException(named != null ? "--collection " + collection + " is in the database " + named
            + ", but --against " + url.shown() + " names the database " + url.database() + ": give the collection"
            + " alone (" + collection.substring(dot + 1) + ") or the same database in both (a database the URL"
            + " names only to sign in with is ?authSource=DB)"
            : "--against " + from.shown() + " and " + url.shown() + " name different databases for --collection "
            + collection + ": every server is measured on the same collection; name one database in both, or"
            + " none and give --collection DB." + collection);
      }
    }
    if (database == null) {
      throw new UsageException("--collection " + collection + " names no database and --against names none either:"
          + " give --collection DB." + collection + ", or the database in the URL (mongodb://HOST:PORT/DB)");
    }
    return named != null ? collection : database + "." + collection;
  }

  /**
   * With {@code --workload DIR}: a database a URL names must be that of every namespace the listing gives (the
   * listing names the collections; a URL does not move them).
   *
   * @param namespaces each collection's namespace by its table
   */
  void sameDatabases(Map<String, String> namespaces) {
    for (MongoUrl url : servers()) {
      if (url == null || url.database() == null) {
        continue;
      }
      namespaces.forEach((table, namespace) -> {
        int dot = namespace.indexOf('.');
        if (dot > 0 && !namespace.substring(0, dot).equals(url.database())) {
          throw new UsageException("--against " + url.shown() + " names the database " + url.database() + ", but"
              + " collection " + table + " of the application is " + namespace + ": give the URL without a database"
              + " (a database named only to sign in with is ?authSource=DB)");
        }
      });
    }
  }

  /**
   * Each URL of --against read (null where it is no MongoDB URL: connecting refuses it), refusing a server given twice
   * and a collection in a URL's path.
   */
  private List<MongoUrl> servers() {
    List<MongoUrl> seen = new ArrayList<>();
    List<MongoUrl> urls = new ArrayList<>();
    for (String text : against) {
      MongoUrl url = MongoUrl.read(text);
      urls.add(url);
      if (url == null) {
        continue;
      }
      if (url.collection() != null) {
        throw new UsageException("--against " + url.shown() + " names the collection " + url.database() + "."
            + url.collection() + " in its path: the path names a database only; give the collection with"
            + " --collection");
      }
      for (MongoUrl earlier : seen) {
        String shared = addresses.shared(earlier, url);
        if (shared != null) {
          throw new UsageException("--against names one server twice (" + earlier.shown()
              + (earlier.shown().equals(url.shown()) ? "" : " and " + url.shown() + ", both " + shared) + "): each"
              + " server is a target of its own, measured once per round; give it once");
        }
      }
      seen.add(url);
    }
    return urls;
  }
}
