package stress.dump.bson;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import stress.model.UsageException;

/**
 * What a document whose object holds the same field name twice becomes (valid BSON that MongoDB stores as is; jsonb
 * keeps one value per key). The option is {@code --repeated-fields}.
 */
public enum RepeatedFields {
  /** The document is rejected with the field's path in the reason. The default: nothing is changed silently. */
  REJECT,
  /** Every value is written and jsonb keeps the last, as it does for any JSON with a repeated key. */
  LAST,
  /** The first value is kept; later values of the name are read (so still checked) but not written. */
  FIRST;

  /** The option's name, for messages. */
  public static final String OPTION = "--repeated-fields";

  /** The word for this policy in messages and the rejects file ({@code reject}, {@code last}, {@code first}). */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The policy for an option value, any case. */
  public static RepeatedFields parse(String name) {
    try {
      return valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UsageException(OPTION + " must be one of " + Arrays.stream(values()).map(RepeatedFields::word)
          .collect(Collectors.joining(", ")) + ", got '" + name + "'");
    }
  }
}
