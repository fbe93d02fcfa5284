package stress.keys;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import stress.model.Instance;
import stress.model.UsageException;
import stress.table.DocumentTable;
import stress.table.IdType;

/**
 * Keys no row has yet, for the insert operations; shared by every worker of a run and thread-safe.
 *
 * <p>The keys start just above the table's largest {@code _id} when the run starts and only use the
 * remainder of this process's {@link Instance} ({@code k mod n == i mod n}), so instances started at
 * different times still never meet. Within the process, workers take disjoint blocks of consecutive keys
 * from one counter ({@link #stream}), which works for any number of threads and across phases. A key past
 * the largest value of the {@code _id} type is never handed out: the run fails with a message instead.
 */
public final class NewKeys {
  private final String table;
  private final IdType idType;
  private final Instance instance;
  private final long tableMax;
  private final long first;
  private final long typeMax;
  /** How many keys of this instance fit between {@link #first} and the type's maximum. */
  private final long total;
  private final AtomicLong nextIndex = new AtomicLong();
  /** True for a table of ObjectId keys: each new key is a fresh ObjectId ({@code new_key} only), no range. */
  private final boolean objectIds;

  /** New ObjectIds for a table whose documents have ObjectId {@code _id}s, kept as text. */
  private NewKeys(String table) {
    this.table = table;
    this.idType = IdType.TEXT;
    this.instance = Instance.SOLE;
    this.tableMax = 0;
    this.first = 0;
    this.typeMax = 0;
    this.total = Long.MAX_VALUE;
    this.objectIds = true;
  }

  /**
   * The new keys of a table for {@code new_key}: fresh ObjectIds when its documents have ObjectId {@code _id}s (any
   * instance's are unique without a share), else whole numbers above its largest {@code _id} ({@link #above}).
   */
  public static NewKeys forNewKeyParameters(Connection connection, DocumentTable table, Instance instance)
      throws SQLException {
    if (table.idType() == IdType.TEXT && stress.table.DocumentIds.objectIds(connection, table)) {
      return new NewKeys(table.displayName());
    }
    return above(connection, table, instance);
  }

  /** True when each new key is a fresh ObjectId. */
  public boolean objectIds() {
    return objectIds;
  }

  /**
   * @param table    the table's name, for messages
   * @param idType   integer or bigint
   * @param instance this process's share of the keys
   * @param tableMax the largest {@code _id} in the table, or 0 when it is empty
   * @throws IllegalArgumentException when the type is not a whole number
   * @throws IllegalStateException    when no key of this instance fits above {@code tableMax}
   */
  public NewKeys(String table, IdType idType, Instance instance, long tableMax) {
    if (!idType.integral()) {
      throw new UsageException("insert, insert_batch and copy need an integer or bigint _id to make new keys;"
          + " table " + table + " has a " + idType.sql() + " _id");
    }
    this.objectIds = false;
    this.table = table;
    this.idType = idType;
    this.instance = instance;
    this.tableMax = tableMax;
    this.typeMax = idType == IdType.INTEGER ? Integer.MAX_VALUE : Long.MAX_VALUE;
    long aligned;
    try {
      long start = Math.addExact(tableMax, 1);
      aligned = Math.addExact(start, Math.floorMod(instance.residue() - start, (long) instance.count()));
    } catch (ArithmeticException e) {
      aligned = Long.MAX_VALUE; // past every type's range: reported just below
    }
    if (tableMax >= typeMax || aligned > typeMax) {
      throw new IllegalStateException("table " + table + " has no room for new keys: its largest _id is " + tableMax
          + " and its " + idType.sql() + " _id cannot pass " + typeMax
          + (instance.count() == 1 ? "" : " (instance " + instance + " takes one key in "
          + instance.count() + " above it)"));
    }
    this.first = aligned;
    // typeMax - first can exceed Long.MAX_VALUE when first is negative: count it unsigned, then cap it
    long span = Long.divideUnsigned(typeMax - first, instance.count());
    this.total = span < 0 || span == Long.MAX_VALUE ? Long.MAX_VALUE : span + 1;
  }

  /** Reads the table's largest {@code _id} now and starts the new keys above it. */
  public static NewKeys above(Connection connection, DocumentTable table, Instance instance) throws SQLException {
    if (!table.idType().integral()) {
      // checked before reading: max() of a text or uuid key says nothing about free whole numbers
      return new NewKeys(table.displayName(), table.idType(), instance, 0);
    }
    try (Statement s = connection.createStatement();
         ResultSet rs = s.executeQuery("SELECT max(_id) FROM " + table.qualifiedName())) {
      rs.next();
      long max = rs.getLong(1);
      return new NewKeys(table.displayName(), table.idType(), instance, rs.wasNull() ? 0 : max);
    }
  }

  /**
   * The same run's keys started above {@code otherMax} as well (a MongoDB collection's largest numeric {@code _id},
   * whose own inserts since the table was loaded the table does not hold); this when it is not larger.
   */
  public NewKeys aboveToo(long otherMax) {
    return objectIds || otherMax <= tableMax ? this : new NewKeys(table, idType, instance, otherMax);
  }

  /** Whether keys are bound as Integer (an integer column) rather than Long. */
  public boolean asInt() {
    return idType == IdType.INTEGER;
  }

  /** The first key this run inserts (unless another thread took it first). */
  public long first() {
    return first;
  }

  /** Keys between 1 and n apart: n = the instance count. */
  public long step() {
    return instance.count();
  }

  /** How many keys are still free in this run's share. */
  public long remaining() {
    return Math.max(0, total - nextIndex.get());
  }

  /** A source of keys for one worker, reserving {@code blockSize} keys at a time. Not thread-safe. */
  public NewKeyStream stream(int blockSize) {
    if (objectIds) {
      throw new UsageException("insert, insert_batch and copy need an integer or bigint _id to make new keys; table "
          + table + " has ObjectId _ids (a workload file's new_key draws fresh ObjectIds for it)");
    }
    return new NewKeyStream(this, blockSize);
  }

  /**
   * Reserves up to {@code count} keys: {@code first, first + step, ...}; fewer only at the very end of the
   * type's range.
   *
   * @throws IllegalStateException when every key of the type's range has been handed out
   */
  Block reserve(int count) {
    long index = nextIndex.getAndAdd(count);
    long step = instance.count();
    long left = total - index;
    if (left <= 0) {
      throw new IllegalStateException("new keys for table " + table + " are used up: the next one would pass "
          + typeMax + ", the largest " + idType.sql() + " _id" + (idType == IdType.INTEGER ? " (a bigint _id has room)" : ""));
    }
    return new Block(first + index * step, step, (int) Math.min(count, left));
  }

  /** One line for reports. */
  public String describe() {
    if (objectIds) {
      return "fresh ObjectIds (the documents' _ids are ObjectIds), unique by construction";
    }
    String share = instance.count() == 1 ? "" : ", only keys = " + instance.residue() + " mod " + instance.count()
        + " (instance " + instance + ")";
    return "from " + first + " up (largest _id at start: " + tableMax + share + "), " + remaining() + " left in "
        + idType.sql();
  }

  /** Keys {@code first, first + step, ...}, {@code count} of them. */
  record Block(long first, long step, int count) {}
}
