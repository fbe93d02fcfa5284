package stress.app.against;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.BsonDocument;
import stress.keys.KeyChooser;
import stress.keys.KeySpace;
import stress.keys.KeySpaceReader;
import stress.keys.UniformDistribution;
import stress.mongodb.AnswerComparison;
import stress.mongodb.KeyLookups;
import stress.mongodb.MongoTarget;
import stress.table.DocumentTable;

/**
 * The built-in operations tried before {@code run --against} measures them: they look documents up by keys drawn
 * from the table, so a collection that holds only part of those keys answers many lookups with nothing, and a run
 * would measure that as speed. Keys are drawn as the run draws them; the share each side finds is said, and a side
 * finding under {@link #FOUND_SHARE} of what the other finds is a difference. The documents of the first draws are
 * compared as well.
 */
final class BuiltInTrial {
  /** Keys whose presence is looked up on each side: enough to see a share well below 99%. */
  static final int KEYS = 200;
  /** A side that finds fewer than this share of the keys the other finds answers a different question. */
  static final double FOUND_SHARE = 0.99;

  private BuiltInTrial() {}

  /**
   * One outcome per built-in of {@code names}, all from the same drawn keys (the built-ins differ in how many keys a
   * call takes, not in where the keys come from).
   *
   * @param draws the documents compared, one key each
   */
  static List<CheckJob.Outcome> run(Connection c, DocumentTable table, MongoCollection<BsonDocument> collection,
                                    boolean objectIds, List<String> names, int draws, long seed, long maxTimeMs)
      throws SQLException {
    String line;
    CheckJob.Verdict verdict;
    try {
      CheckJob.Outcome one = trial(c, table, new KeyLookups(collection, objectIds, maxTimeMs), draws, seed);
      line = one.line();
      verdict = one.verdict();
    } catch (MongoException e) {
      verdict = e instanceof com.mongodb.MongoExecutionTimeoutException ? CheckJob.Verdict.TIMED_OUT
          : CheckJob.Verdict.REFUSED_BY_MONGODB;
      line = (verdict == CheckJob.Verdict.TIMED_OUT ? "did not finish on MongoDB within " + maxTimeMs + " ms: "
          : "refused by MongoDB: ") + MongoTarget.refusal(e);
    }
    List<CheckJob.Outcome> outcomes = new ArrayList<>();
    for (String name : names) {
      outcomes.add(new CheckJob.Outcome(name, verdict, name + ": " + line));
    }
    return outcomes;
  }

  /**
   * For a workload file's operations that draw existing keys: the line saying the share of drawn keys each side
   * holds when one holds under {@link #FOUND_SHARE} of the other's, else null (a few draws of the operation itself
   * would miss a collection holding most keys but not all).
   */
  static String keyShareDifference(Connection c, DocumentTable table, MongoCollection<BsonDocument> collection,
                                   boolean objectIds, long seed, long maxTimeMs) throws SQLException {
    try {
      CheckJob.Outcome share = trial(c, table, new KeyLookups(collection, objectIds, maxTimeMs), 0, seed);
      return share.verdict() == CheckJob.Verdict.DIFFERENT ? share.line() : null;
    } catch (MongoException e) {
      return null; // the operation's own draws meet the same failure and name it
    }
  }

  private static CheckJob.Outcome trial(Connection c, DocumentTable table, KeyLookups mongo, int draws, long seed)
      throws SQLException {
    KeySpace space = KeySpaceReader.read(c, table, 100_000);
    KeyChooser chooser = new KeyChooser(space, new UniformDistribution(space.size()));
    SplittableRandom random = new SplittableRandom(seed);
    List<Object> keys = new ArrayList<>(KEYS);
    for (int i = 0; i < KEYS; i++) {
      keys.add(chooser.next(random));
    }
    int pgFound = 0;
    List<Object> firstKeys = new ArrayList<>();
    List<BsonDocument> firstDocuments = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT data::text FROM " + table.qualifiedName()
        + " WHERE _id = ?")) {
      for (Object key : keys) {
        ps.setObject(1, key);
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next()) {
            pgFound++;
            if (firstKeys.size() < draws) {
              firstKeys.add(key);
              firstDocuments.add(BsonDocument.parse(rs.getString(1)));
            }
          }
        }
      }
    }
    int mongoFound = mongo.found(keys);
    String found = "keys found: PostgreSQL " + share(pgFound) + ", MongoDB " + share(mongoFound) + " of " + KEYS
        + " drawn from the table";
    if (mongoFound < FOUND_SHARE * pgFound || pgFound < FOUND_SHARE * mongoFound) {
      return new CheckJob.Outcome("", CheckJob.Verdict.DIFFERENT, "different: " + found + " (a side finding under "
          + Math.round(FOUND_SHARE * 100) + "% of what the other finds answers many lookups with nothing, which"
          + " would be measured as speed)");
    }
    int compared = firstKeys.size();
    for (int i = 0; i < compared; i++) {
      BsonDocument theirs = mongo.document(firstKeys.get(i));
      AnswerComparison.Result result = AnswerComparison.documents(List.of(firstDocuments.get(i)),
          theirs == null ? List.of() : List.of(theirs), false);
      if (result.verdict() == AnswerComparison.Verdict.DIFFERENT) {
        return new CheckJob.Outcome("", CheckJob.Verdict.DIFFERENT, "different at draw " + (i + 1) + " of "
            + compared + " (key " + mongo.shown(firstKeys.get(i)) + "): " + result.detail());
      }
    }
    return new CheckJob.Outcome("", CheckJob.Verdict.SAME, "same in " + compared + " of "
        + stress.model.Plural.of(compared, "draw") + " (" + stress.model.Plural.of(compared, "document") + " by _id); " + found);
  }

  private static String share(int found) {
    return found + " (" + Math.round(100.0 * found / KEYS) + "%)";
  }
}
