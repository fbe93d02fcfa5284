package stress.app;

import com.mongodb.MongoException;
import java.io.PrintStream;
import java.util.List;
import java.util.SplittableRandom;
import stress.keys.KeyChooser;
import stress.model.StatementMode;
import stress.model.UsageException;
import stress.mongodb.MongoPlan;
import stress.mongodb.MongoTarget;
import stress.mongodb.NativeOperation;
import stress.ops.Operation;
import stress.ops.OperationSession;
import stress.ops.file.WorkloadOperation;
import stress.workload.MongoSpec;

/**
 * {@code explain --against URL}: beside PostgreSQL's routes, the plan the MongoDB server chooses for each MongoDB-style
 * operation of the file, with the values of the first draw of its parameters (the draw {@code check} makes first).
 */
final class MongoPlans {
  private MongoPlans() {}

  /** Refuses a collection that is missing or empty before anything is explained: its plans would explain nothing. */
  static void checkCollection(ExplainRequest.MongoSide side) {
    try (MongoTarget mongo = MongoTarget.connect("--against", side.url(), null)) {
      String problem = stress.mongodb.CollectionPresence.problem(mongo, side.collection());
      if (problem != null) {
        throw new stress.model.DataStateException("--collection: " + problem + "; nothing explained");
      }
    }
  }

  static void print(ExplainRequest request, List<Operation> operations, KeyChooser keys, PrintStream out) {
    ExplainRequest.MongoSide side = request.mongodb();
    try (MongoTarget mongo = MongoTarget.connect("--against", side.url(), null)) {
      out.println();
      out.println("on MongoDB (" + mongo.describe() + ", " + mongo.version() + ", collection " + side.collection()
          + "), the first draw of each operation's values:");
      for (Operation op : operations) {
        MongoSpec spec = op instanceof WorkloadOperation ? request.workload().mongo().get(op.name()) : null;
        if (spec == null) {
          continue;
        }
        WorkloadOperation fromFile = (WorkloadOperation) op;
        OperationSession session = new OperationSession(StatementMode.PREPARED, false, keys,
            new SplittableRandom(request.seed()), 1000);
        Object[] drawn = fromFile.draw(session);
        String plan;
        try {
          plan = MongoPlan.explain(mongo, side.collection(), new NativeOperation(op.name(), spec), drawn);
        } catch (MongoException | UsageException e) {
          plan = "refused: " + MongoTarget.refusal(e);
        }
        out.println("  " + op.name() + ": " + plan);
      }
    }
  }
}
