package stress.dump.document;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import stress.table.IdType;

/**
 * The {@code _id} column type chosen for a collection, and why.
 *
 * @param type     the column type
 * @param textForm how values become text when {@code type} is TEXT (PLAIN otherwise)
 * @param kinds    documents per {@code _id} kind (int32, int64, double, string, ObjectId, UUID, date...),
 *                 in order of first appearance
 * @param missing  documents seen without {@code _id} (they will be rejected)
 * @param reason   one line, e.g. {@code mixed _id types: double (8), ObjectId (2) -> text (relaxed Extended JSON of each _id)}
 */
public record IdDetection(IdType type, IdTextForm textForm, Map<String, Long> kinds, long missing, String reason) {
  public IdDetection {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(textForm, "textForm");
    kinds = Collections.unmodifiableMap(new LinkedHashMap<>(kinds));
    Objects.requireNonNull(reason, "reason");
  }

  /** The converter that turns each document's {@code _id} into a value of this column type. */
  public IdConverter converter() {
    return new IdConverter(type, textForm);
  }
}
