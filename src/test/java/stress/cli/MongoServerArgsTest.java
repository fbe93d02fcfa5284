package stress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import stress.model.MongoUrl;

/**
 * The rules of {@code --against} and {@code --collection}, and of {@code import --to} beside {@code --db}: the
 * database a URL names is the default of a collection without one, a conflicting one is refused, and so are a server
 * given twice and a list of collections, each with one line and exit 2, before anything is connected to (the URLs
 * point nowhere).
 */
class MongoServerArgsTest {
  private static final String NOWHERE = "mongodb://127.0.0.1:1";

  private static MongoServerArgs args(String collection, String... against) {
    MongoServerArgs args = new MongoServerArgs();
    args.against = new ArrayList<>(List.of(against));
    args.collection = collection;
    return args;
  }

  /** {@code check} refuses its options before it reads the table or connects anywhere. */
  private static CliTester.Result check(String... more) {
    List<String> line = new ArrayList<>(List.of("check", "--workload", "config/workloads/orders-mongo.yaml"));
    line.addAll(List.of(more));
    return CliTester.run(line.toArray(String[]::new));
  }

  private static void assertRefused(CliTester.Result result, String expected) {
    assertEquals(2, result.exitCode(), result.all());
    assertTrue(result.err().contains(expected), result.err());
    assertEquals(1, result.err().strip().lines().count(), "one line: " + result.err());
    assertFalse(result.all().contains("s3cret"), "never the password: " + result.all());
  }

  @Test
  void theUrlsDatabaseIsThatOfACollectionWithoutOne() {
    assertEquals("shop.orders", args("orders", NOWHERE + "/shop").namespace());
    assertEquals("shop.orders", args("shop.orders", NOWHERE + "/shop").namespace(), "the same database twice");
    assertEquals("shop.orders", args("shop.orders", NOWHERE + "/").namespace());
    assertEquals("shop.orders", args("orders", NOWHERE + "/shop", "mongodb://localhost:2/shop?w=1").namespace());
    assertEquals("shop.orders", args("orders", NOWHERE + "/shop", "mongodb://localhost:2/").namespace(),
        "a URL without a database takes the other's");
    assertEquals("shop.orders.2024", args("shop.orders.2024", NOWHERE).namespace(), "the first dot ends the database");
  }

  @Test
  void aCollectionWithoutADatabaseNeedsOneInTheUrl() {
    assertRefused(check("--against", NOWHERE + "/", "--collection", "orders"), "--collection orders names no database"
        + " and --against names none either: give --collection DB.orders, or the database in the URL"
        + " (mongodb://HOST:PORT/DB)");
    assertRefused(check("--against", NOWHERE + "/", "--collection", ".orders"), "--collection '.orders': a collection"
        + " is named DB.COLLECTION, or COLLECTION in the database of the --against URL");
  }

  @Test
  void aNameWithASlashIsNoNamespace() {
    assertRefused(check("--against", NOWHERE + "/", "--collection", "stress/orders"), "--collection 'stress/orders'"
        + " is not a namespace: a collection is named DB.COLLECTION, the database and the collection joined by a dot"
        + " (--collection stress.orders), or COLLECTION in the database of the --against URL");
    assertRefused(check("--against", NOWHERE + "/shop", "--collection", "stress/orders"), "--collection"
        + " 'stress/orders' is not a namespace");
  }

  @Test
  void aDatabaseOtherThanTheUrlsIsRefused() {
    assertRefused(check("--against", "mongodb://app:s3cret@127.0.0.1:1/shop", "--collection", "other.orders"),
        "--collection other.orders is in the database other, but --against mongodb://127.0.0.1:1/shop names the"
            + " database shop: give the collection alone (orders) or the same database in both (a database the URL"
            + " names only to sign in with is ?authSource=DB)");
    assertRefused(CliTester.run("run", "--workload", "config/workloads/orders-mongo.yaml", "--against",
        NOWHERE + "/a", "--against", "mongodb://localhost:2/b", "--collection", "orders", "--ops", "1"),
        "--against mongodb://127.0.0.1:1/a and mongodb://localhost:2/b name different databases for --collection"
            + " orders: every server is measured on the same collection");
    assertRefused(check("--against", NOWHERE + "/shop.orders", "--collection", "orders"),
        "--against mongodb://127.0.0.1:1/shop.orders names the collection shop.orders in its path: the path names a"
            + " database only; give the collection with --collection");
  }

  @Test
  void aListOfCollectionsIsRefused() {
    assertRefused(check("--against", NOWHERE, "--collection", "a.b,a.c"), "--collection takes one collection, got"
        + " the list 'a.b,a.c'");
  }

  @Test
  void oneServerGivenTwiceIsRefusedWhateverItsSpelling() {
    assertRefused(CliTester.run("run", "--workload", "config/workloads/orders-mongo.yaml", "--against",
        "mongodb://app:s3cret@127.0.0.1:27017/", "--against", "mongodb://app:other@127.0.0.1", "--collection",
        "stress.orders", "--ops", "1"), "--against names one server twice (mongodb://127.0.0.1:27017/ and"
        + " mongodb://127.0.0.1/, both 127.0.0.1:27017): each server is a target of its own, measured once per round;"
        + " give it once");
    assertRefused(CliTester.run("run", "--workload", "config/workloads/orders-mongo.yaml", "--against",
        "mongodb://127.0.0.1:27017/?maxPoolSize=5", "--against", "mongodb://other@127.0.0.1:27017/stress",
        "--collection", "orders", "--ops", "1"), "--against names one server twice (mongodb://127.0.0.1:27017/ and"
        + " mongodb://127.0.0.1:27017/stress, both 127.0.0.1:27017)");
  }

  @Test
  void aNameAndItsAddressAreOneServer() throws Exception {
    Assumptions.assumeTrue(List.of(InetAddress.getAllByName("localhost")).contains(InetAddress.getByName("127.0.0.1")),
        "localhost does not resolve to 127.0.0.1 on this host");
    assertRefused(CliTester.run("run", "--workload", "config/workloads/orders-mongo.yaml", "--against",
        "mongodb://127.0.0.1:27017/", "--against", "mongodb://localhost:27017/", "--collection", "stress.orders",
        "--ops", "1"), "--against names one server twice (mongodb://127.0.0.1:27017/ and mongodb://localhost:27017/,"
        + " both 127.0.0.1:27017): each server is a target of its own");
  }

  @Test
  void sameServerIsAnAddressAndPortSharedAfterResolution() throws Exception {
    InetAddress a = InetAddress.getByName("10.0.0.5");
    InetAddress six = InetAddress.getByName("fd00::5");
    Map<String, List<InetAddress>> dns = Map.of("db-a", List.of(a), "db-alias", List.of(six, a), "db-b",
        List.of(InetAddress.getByName("10.0.0.6")), "10.0.0.5", List.of(a), "fd00::5", List.of(six));
    MongoServerAddresses addresses = new MongoServerAddresses(host -> {
      if (!dns.containsKey(host)) {
        throw new UnknownHostException(host);
      }
      return dns.get(host);
    });
    assertEquals("10.0.0.5:27017", addresses.shared(url("mongodb://db-a/"), url("mongodb://db-alias:27017/")));
    assertEquals("10.0.0.5:27017", addresses.shared(url("mongodb://DB-A/"), url("mongodb://10.0.0.5/")));
    assertEquals("[fd00:0:0:0:0:0:0:5]:27017", addresses.shared(url("mongodb://[fd00::5]/"),
        url("mongodb://db-alias/")));
    assertEquals("10.0.0.5:27018", addresses.shared(url("mongodb://db-b:27018,db-a:27018/?replicaSet=rs"),
        url("mongodb://10.0.0.5:27018/")), "a member of the set given alone");
    assertNull(addresses.shared(url("mongodb://db-a:27017/"), url("mongodb://db-a:27018/")), "another port");
    assertNull(addresses.shared(url("mongodb://db-a/"), url("mongodb://db-b/")));
    assertEquals("nowhere:27017", addresses.shared(url("mongodb://nowhere/"), url("mongodb://NOWHERE:27017")),
        "a name that does not resolve is compared as written");
    assertEquals("cluster0.example.net", addresses.shared(url("mongodb+srv://a@cluster0.example.net/"),
        url("mongodb+srv://b@cluster0.example.net/?w=1")));
    assertNull(addresses.shared(url("mongodb+srv://cluster0.example.net/"), url("mongodb://cluster0.example.net/")));
  }

  private static MongoUrl url(String text) {
    return MongoUrl.read(text);
  }

  @Test
  void anApplicationsNamespacesAndTheUrlsDatabaseAgree() {
    assertRefused(CliTester.run("run", "--workload", "config/workloads/orders-mongo.yaml", "--against",
        NOWHERE + "/shop", "--against", NOWHERE + "/shop", "--collection", "orders", "--ops", "1"),
        "--against names one server twice (mongodb://127.0.0.1:1/shop)");
    MongoServerArgs app = args(null, NOWHERE + "/shop");
    app.sameDatabases(java.util.Map.of("shop_orders", "shop.orders"));
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> app.sameDatabases(java.util.Map.of("orders", "other.orders")));
    assertEquals("--against mongodb://127.0.0.1:1/shop names the database shop, but collection orders of the"
        + " application is other.orders: give the URL without a database (a database named only to sign in with is"
        + " ?authSource=DB)", e.getMessage());
  }

  @Test
  void importToTheUrlsDatabase() {
    assertRefused(CliTester.run("import", "datasets/sample-large", "--to", "mongodb://app:s3cret@127.0.0.1:1/a",
        "--db", "b"), "--db b and --to mongodb://127.0.0.1:1/a name different databases: the URL's database is the"
        + " one imported (as --db a); give one of them");
    assertRefused(CliTester.run("import", "datasets/sample-large", "--to", NOWHERE + "/shop"), "import --to"
        + " mongodb://127.0.0.1:1/shop imports the database shop (as --db shop): --db shop matches no database of"
        + " datasets/sample-large (its databases: stress)");
    assertRefused(CliTester.run("import", "datasets/sample-large", "--to", NOWHERE + "/stress.orders"), "--to"
        + " mongodb://127.0.0.1:1/stress.orders names the collection stress.orders in its path");
  }
}
