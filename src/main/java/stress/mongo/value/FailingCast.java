package stress.mongo.value;

/**
 * An error a statement raises when it runs, for what MongoDB refuses in a document it reads: plain SQL has no RAISE,
 * and the tool creates no functions (Citus would have to distribute them, Postgres-XL may not allow them), so the
 * error is a cast that fails: {@code CAST('refused as in MongoDB: <MongoDB's reason>' AS integer)} raises SQLSTATE
 * 22P02 with the text in its message. The text names the document's {@code _id} or value, so the cast is never a
 * constant that the planner would evaluate ahead.
 */
public final class FailingCast {
  private FailingCast() {}

  /** An expression of type jsonb that fails with the text (a text expression) in its message. */
  public static String fail(String text) {
    return "CAST(CAST(CAST(" + text + " AS integer) AS text) AS jsonb)";
  }
}
