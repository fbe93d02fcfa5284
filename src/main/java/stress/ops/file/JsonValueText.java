package stress.ops.file;

/**
 * A parameter value that is JSON text read from the table (a sampled value of a document path, for a
 * MongoDB-style operation), kept apart from a plain string so it is written into a filter or document as the
 * JSON it is, not quoted again.
 *
 * @param json the value's JSON text as jsonb prints it
 */
public record JsonValueText(String json) {}
