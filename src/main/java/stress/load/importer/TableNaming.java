package stress.load.importer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stress.dump.naming.Namespace;
import stress.load.LoadException;
import stress.model.UsageException;
import stress.table.DocumentTable;
import stress.table.Identifiers;

/**
 * Which table each collection is imported into.
 *
 * <p>The rule: {@code --table NAME} when exactly one collection is imported; otherwise
 * {@code <prefix><db>_<collection>} (just {@code <prefix><collection>} when the database name is empty), with
 * database and collection names kept exactly as MongoDB spells them (case, dots and all: every identifier is
 * quoted). PostgreSQL keeps at most {@value #MAX_IDENTIFIER_BYTES} bytes of a name and the copy table needs
 * {@code _copy} appended, so a table name may have at most {@value #MAX_TABLE_BYTES} bytes of UTF-8. A longer
 * derived name keeps its first {@value #KEPT_BYTES} bytes (cut between characters) followed by {@code _} and
 * the first {@value #HASH_HEX_DIGITS} hex digits of the SHA-256 of the full name: deterministic, and distinct
 * for names that differ only after the cut. An explicit {@code --table} that is too long is refused, never
 * shortened. Two collections that would land in the same table (or in another's copy table, or in the
 * progress table) stop the import before anything is created, naming both. With {@code --lower-case-names} a
 * derived name has its ASCII letters folded to lower case before it is shortened, as PostgreSQL folds an unquoted
 * name, so that {@code --table sample_northwind_orders} finds {@code sample_Northwind.Orders}.
 *
 * @param schema    schema of every table, or null for the search path
 * @param table     the one table name given with {@code --table}, or null
 * @param prefix    prepended to derived names ({@code --table-prefix}); empty for none
 * @param lowerCase whether derived names are folded to lower case ({@code --lower-case-names})
 */
public record TableNaming(String schema, String table, String prefix, boolean lowerCase) {
  /** PostgreSQL's identifier limit (NAMEDATALEN - 1). */
  public static final int MAX_IDENTIFIER_BYTES = 63;
  /** Longest table name whose copy table name still fits. */
  public static final int MAX_TABLE_BYTES = MAX_IDENTIFIER_BYTES - 5;
  static final int HASH_HEX_DIGITS = 8;
  static final int KEPT_BYTES = MAX_TABLE_BYTES - 1 - HASH_HEX_DIGITS;

  public TableNaming {
    prefix = prefix == null ? "" : prefix;
    List<String> problems = new ArrayList<>();
    if (schema != null) {
      checkName("--schema", schema, MAX_IDENTIFIER_BYTES, problems);
    }
    if (table != null) {
      checkName("--table", table, MAX_TABLE_BYTES, problems);
      if (!prefix.isEmpty()) {
        problems.add("--table and --table-prefix exclude each other");
      }
    }
    if (table != null && lowerCase) {
      problems.add("--table and --lower-case-names exclude each other: --table names the table itself");
    }
    if (prefix.indexOf('\0') >= 0) {
      problems.add("--table-prefix must not contain a NUL character");
    }
    if (!problems.isEmpty()) {
      throw new UsageException(String.join("; ", problems));
    }
  }

  /** Names kept in MongoDB's case. */
  public TableNaming(String schema, String table, String prefix) {
    this(schema, table, prefix, false);
  }

  /** Derived names in the search path's schema, no prefix. */
  public static TableNaming defaults() {
    return new TableNaming(null, null, "");
  }

  /** The table name for one collection (see the class rule). */
  public String nameFor(Namespace namespace) {
    return table != null ? table : fit(derivedName(namespace));
  }

  /**
   * The name the rule derives before any shortening: {@code <prefix><db>_<collection>}, folded to lower case with
   * {@code --lower-case-names}.
   */
  public String derivedName(Namespace namespace) {
    String full = prefix + (namespace.database().isEmpty() ? "" : namespace.database() + "_") + namespace.collection();
    return lowerCase ? foldAscii(full) : full;
  }

  /** Whether the collection's table gets a shortened name (see the class rule); never for {@code --table}. */
  public boolean shortens(Namespace namespace) {
    return table == null && !nameFor(namespace).equals(derivedName(namespace));
  }

  /**
   * Names every collection's table.
   *
   * @param reserved names no collection may take (the progress table)
   * @throws IllegalArgumentException when {@code --table} is given for more than one collection
   * @throws LoadException            when two collections would share a table, or one would take a reserved name
   *                                  or another's copy table
   */
  public Map<Namespace, String> assign(List<Namespace> namespaces, List<String> reserved) {
    if (table != null && namespaces.size() > 1) {
      throw new UsageException("--table names one table, but " + namespaces.size() + " collections were found ("
          + describe(namespaces) + "); pick one with --db/--collection, or leave out --table");
    }
    Map<Namespace, String> names = new LinkedHashMap<>();
    // Every name a collection occupies: its table and its copy table.
    Map<String, String> taken = new LinkedHashMap<>();
    for (String name : reserved) {
      taken.put(name, "the import progress table");
    }
    List<String> clashes = new ArrayList<>();
    for (Namespace namespace : namespaces) {
      String name = nameFor(namespace);
      String copy = name + DocumentTable.COPY_SUFFIX;
      String owner = "collection " + namespace;
      for (String wanted : List.of(name, copy)) {
        String holder = taken.get(wanted);
        if (holder != null) {
          clashes.add(owner + " needs table '" + wanted + "', which is " + (holder.startsWith("the ") ? holder
              : "taken by " + holder));
        }
      }
      taken.putIfAbsent(name, owner);
      taken.putIfAbsent(copy, owner + " (copy table)");
      names.put(namespace, name);
    }
    if (!clashes.isEmpty()) {
      throw new LoadException("table names collide: " + String.join("; ", clashes) + "; import the collections"
          + " separately with --table, or tell them apart with --table-prefix, --db or --collection");
    }
    return names;
  }

  /** A-Z to a-z and nothing else, as PostgreSQL folds an unquoted name in a UTF-8 database. */
  static String foldAscii(String name) {
    StringBuilder folded = new StringBuilder(name.length());
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      folded.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
    }
    return folded.toString();
  }

  private static String describe(List<Namespace> namespaces) {
    List<String> shown = namespaces.stream().limit(5).map(Namespace::toString).toList();
    return String.join(", ", shown) + (namespaces.size() > 5 ? ", ..." : "");
  }

  /** Shortens a name longer than {@value #MAX_TABLE_BYTES} bytes by the class rule; shorter names are returned as they are. */
  public static String fit(String name) {
    byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
    if (utf8.length <= MAX_TABLE_BYTES) {
      return name;
    }
    String kept = Identifiers.clipToBytes(name, KEPT_BYTES);
    return kept + "_" + sha256Hex(utf8).substring(0, HASH_HEX_DIGITS);
  }

  private static String sha256Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static void checkName(String option, String name, int maxBytes, List<String> problems) {
    try {
      Identifiers.quote(name);
    } catch (IllegalArgumentException e) {
      problems.add(option + ": " + e.getMessage());
      return;
    }
    int bytes = name.getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxBytes) {
      problems.add(option + " '" + name + "' is " + bytes + " bytes of UTF-8; at most " + maxBytes + " fit"
          + (maxBytes == MAX_TABLE_BYTES ? " (PostgreSQL keeps 63 and the copy table appends _copy)" : " (PostgreSQL keeps 63)"));
    }
  }
}
