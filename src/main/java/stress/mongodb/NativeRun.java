package stress.mongodb;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import stress.model.UsageException;
import stress.ops.Operation;
import stress.ops.OperationContext;
import stress.ops.TableOperation;
import stress.ops.file.WorkloadOperation;
import stress.workload.MongoSpec;

/**
 * A run's MongoDB-style operations sent natively to a MongoDB collection, from the same runner, phases and recorder as
 * on PostgreSQL: each execution draws its values from the operation's own generators with the worker's random source
 * (so the same seed draws the same values on both), and its driver call stands where the SQL statement stood. The
 * worker's PostgreSQL connection, held for the phase, carries nothing while MongoDB is measured.
 *
 * @param target         the server
 * @param collections    each table's collection, {@code db.collection}, by the table's name: the run's one table, or
 *                       an application's tables ({@code run --workload DIR})
 * @param objectIdTables the tables whose documents' {@code _id}s are ObjectIds: their keys are sent as ObjectIds
 * @param maxTimeMs      the server-side time limit of each execution ({@code --statement-timeout}), 0 for none
 */
public record NativeRun(MongoTarget target, Map<String, String> collections, Set<String> objectIdTables,
                        long maxTimeMs) {
  public NativeRun {
    collections = Map.copyOf(collections);
    objectIdTables = Set.copyOf(objectIdTables);
  }

  /** Each operation of a run sent to MongoDB instead (see {@link #operation}). */
  public List<Operation> operations(List<Operation> run, Map<String, MongoSpec> specs) {
    // an application's operations of one table share its new keys: adjusted once per table, shared again
    Map<stress.ops.NewDocuments, stress.ops.NewDocuments> above = new java.util.IdentityHashMap<>();
    List<Operation> sent = new java.util.ArrayList<>();
    for (Operation op : run) {
      if (op instanceof TableOperation onTable && onTable.newDocuments() != null) {
        stress.ops.NewDocuments own = above.computeIfAbsent(onTable.newDocuments(),
            n -> above(n, List.of(collections.get(onTable.table().name()))));
        op = new TableOperation(onTable.name(), onTable.operation(), onTable.table(), onTable.keys(), own);
      }
      sent.add(operation(op, specs.get(op.name())));
    }
    return sent;
  }

  /** True when a built-in operation has a MongoDB form ({@link NativeBuiltIns}). */
  private static boolean sendsBuiltIn(String name) {
    return NativeBuiltIns.MAPPED.contains(name);
  }

  /** The built-ins that have a MongoDB form, for messages. */
  private static String builtIns() {
    return String.join(", ", new java.util.TreeSet<>(NativeBuiltIns.MAPPED));
  }

  /**
   * Why an operation of the run cannot be sent to MongoDB, as one line, or null when it can.
   *
   * @param fromFile the workload file's operation of that name, or null for a built-in one
   * @param spec     its MongoDB form, or null for SQL written by hand
   * @param file     the workload file, or null when the run has none
   */
  public static String refusal(String name, Operation fromFile, MongoSpec spec, String file) {
    String why = fromFile == null ? (sendsBuiltIn(name) ? null : " is a built-in operation that writes new keys or a"
        + " copy table") : spec == null ? " is SQL written by hand" : null;
    return why == null ? null : "--against sends " + (file == null ? "" : file + "'s MongoDB-style operations and ")
        + "the built-ins " + builtIns() + " to MongoDB; " + name + why + ": leave it out of --op";
  }

  /** Where the operations go: the collection, or an application's collections. */
  public String collectionsText() {
    return collections.size() == 1 ? "collection " + collections.values().iterator().next()
        : "collections " + String.join(", ", new java.util.TreeSet<>(collections.values()));
  }

  /** The header printed before this target's first phase ({@link MongoHeader}). */
  public List<String> header() {
    return MongoHeader.lines(target, collectionsText(), maxTimeMs);
  }

  /** The header's line on where the operations went. */
  public String describe() {
    return target.describe() + ", " + target.version() + ", " + collectionsText() + " (the operations sent"
        + " natively through MongoDB's driver, " + target.failureSettings() + "; keys and sampled values read from"
        + " the tables, whose connections carry nothing while this is measured)";
  }

  /** The same run sent through {@code other} (the same server with a run's timeouts). */
  public NativeRun through(MongoTarget other) {
    return new NativeRun(other, collections, objectIdTables, maxTimeMs);
  }

  /** The operation of the file, sent to MongoDB; an operation without a MongoDB form, or inserting new keys, is refused. */
  public Operation operation(Operation fromRun, MongoSpec spec) {
    if (fromRun instanceof TableOperation onTable) { // an application's: its collection's, with its table's keys
      Operation inner = operation(onTable.operation(), spec, onTable.table().name());
      return new TableOperation(onTable.name(), inner, onTable.table(), onTable.keys(), onTable.newDocuments());
    }
    return operation(fromRun, spec, collections.keySet().iterator().next());
  }

  private Operation operation(Operation fromRun, MongoSpec spec, String table) {
    WorkloadOperation file = fromRun instanceof WorkloadOperation w ? w : null;
    String refusal = refusal(fromRun.name(), file, spec, null);
    if (refusal != null) {
      throw new UsageException(refusal);
    }
    if (file == null) {
      return counted(NativeBuiltIns.of(fromRun, target.collection(collections.get(table)),
          objectIdTables.contains(table), maxTimeMs));
    }
    NativeOperation op = new NativeOperation(file.name(), spec).withKeys(file.keyParameters(),
        objectIdTables.contains(table));
    MongoCollection<BsonDocument> documents = target.collection(collections.get(table));
    return counted(new Operation() {
      @Override
      public String name() {
        return file.name();
      }

      @Override
      public String description() {
        return spec.kind() + " sent to MongoDB";
      }

      @Override
      public boolean readsExistingKeys() {
        return file.readsExistingKeys();
      }

      @Override
      public boolean insertsNewKeys() {
        return file.insertsNewKeys();
      }

      @Override
      public Bound bind(OperationContext context) {
        boolean count = spec.kind().equals("countDocuments");
        java.util.function.Function<stress.ops.OperationSession, Object[]> values = file.drawing(context);
        return session -> {
          long rows = rows(op.run(documents, values.apply(session), maxTimeMs));
          return count ? 1 : rows; // one answer row, as the count(*) statement reads on PostgreSQL
        };
      }
    });
  }

  /**
   * {@code op} with the driver's failures as the run counts them ({@link MongoTarget#failure}): a refused connection,
   * a lost one, a timeout, each under the SQLState of the same meaning, so that outages read as on PostgreSQL.
   */
  private Operation counted(Operation op) {
    return new Operation() {
      @Override
      public String name() {
        return op.name();
      }

      @Override
      public String description() {
        return op.description();
      }

      @Override
      public boolean usesCopyTable() {
        return op.usesCopyTable();
      }

      @Override
      public boolean readsExistingKeys() {
        return op.readsExistingKeys();
      }

      @Override
      public boolean insertsNewKeys() {
        return op.insertsNewKeys();
      }

      @Override
      public boolean idempotent() {
        return op.idempotent();
      }

      @Override
      public Bound bind(OperationContext context) {
        Bound bound = op.bind(context);
        return session -> {
          try {
            return bound.execute(session);
          } catch (MongoException e) {
            throw target.failure(e);
          }
        };
      }
    };
  }

  /**
   * The run's new keys started above the largest numeric {@code _id} of its collection too: a collection keeps the
   * documents inserted in earlier rounds, which the table does not hold, and a new key must collide with none.
   */
  public stress.ops.NewDocuments aboveCollections(stress.ops.NewDocuments newDocuments) {
    return newDocuments == null ? null : above(newDocuments, collections.values());
  }

  private stress.ops.NewDocuments above(stress.ops.NewDocuments newDocuments, java.util.Collection<String> namespaces) {
    if (newDocuments.keys().objectIds()) {
      return newDocuments; // fresh ObjectIds have no range to start above: no collection needs reading
    }
    long max = Long.MIN_VALUE;
    for (String namespace : namespaces) {
      for (org.bson.BsonType type : new org.bson.BsonType[] {org.bson.BsonType.INT64, org.bson.BsonType.INT32,
          org.bson.BsonType.DOUBLE}) {
        BsonDocument largest = target.collection(namespace).find(com.mongodb.client.model.Filters.type("_id", type))
            .sort(com.mongodb.client.model.Sorts.descending("_id")).limit(1).first();
        if (largest != null) {
          max = Math.max(max, (long) Math.ceil(largest.get("_id").asNumber().doubleValue()));
        }
      }
    }
    return max == Long.MIN_VALUE ? newDocuments : new stress.ops.NewDocuments(newDocuments.keys().aboveToo(max),
        newDocuments.documents(), newDocuments.shards());
  }

  /** Documents returned, or documents counted or written, as a run counts rows. */
  private static long rows(NativeOperation.Answer answer) {
    return answer.documents() != null ? answer.documents().size() : answer.count();
  }
}
