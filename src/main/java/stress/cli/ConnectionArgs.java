package stress.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;
import stress.connect.ConnectionOptions;

/**
 * Where to connect, as libpq's tools take it. Accepted before or after the subcommand. There is no password
 * option on purpose (it would show in process lists): use PGPASSWORD, ~/.pgpass or the URL.
 */
final class ConnectionArgs {
  @Option(names = "--url", paramLabel = "JDBC_URL",
      description = "pgjdbc URL, several hosts allowed, e.g. jdbc:postgresql://h1:5432,h2:5432/db")
  String url;

  @Option(names = {"-h", "--host"}, paramLabel = "HOST", description = "Server host(s), as in libpq. Default: PGHOST, else localhost.")
  String host;

  @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "Server port(s). Default: PGPORT, else 5432.")
  String port;

  @Option(names = {"-U", "--user"}, paramLabel = "USER", description = "User name. Default: PGUSER, else the OS user.")
  String user;

  @Option(names = {"-d", "--dbname"}, paramLabel = "DB", description = "Database. Default: PGDATABASE, else the user name.")
  String database;

  @Option(names = "--driver-property", paramLabel = "NAME=VALUE",
      description = "Extra pgjdbc property (sslmode, sslrootcert, ...). Repeatable.")
  Map<String, String> driverProperties = new LinkedHashMap<>();

  /** These options, or where they are unset the ones given before the subcommand. */
  ConnectionOptions toOptions(ConnectionArgs outer) {
    Map<String, String> props = new LinkedHashMap<>(outer == null ? Map.of() : outer.driverProperties);
    props.putAll(driverProperties);
    return new ConnectionOptions(pick(url, outer == null ? null : outer.url), pick(host, outer == null ? null : outer.host),
        pick(port, outer == null ? null : outer.port), pick(user, outer == null ? null : outer.user),
        pick(database, outer == null ? null : outer.database), props);
  }

  private static String pick(String inner, String outer) {
    return inner != null ? inner : outer;
  }
}
