package stress.dump.bson;

import java.util.Arrays;
import java.util.HashSet;
import org.bson.BSONException;
import org.bson.BsonBinaryReader;
import org.bson.BsonDbPointer;
import org.bson.BsonSerializationException;
import org.bson.BsonType;
import org.bson.BsonWriter;

/**
 * Reads every element of one BSON document with org.bson's {@link BsonBinaryReader} (over
 * {@link StrictBsonInput}), optionally writing each element to a {@link JsonTarget}. Iterative, with its own stack, so that no nesting depth can overflow the thread's stack.
 *
 * <p>With {@code jsonbChecks} it also refuses what PostgreSQL's jsonb cannot hold without changing
 * the data: U+0000 in any string (jsonb rejects {@code \u0000}), and a field name repeated inside one
 * object (jsonb keeps only the last value), which {@link RepeatedFields} may allow instead: {@code LAST} writes every
 * value and leaves jsonb to keep the last, {@code FIRST} reads the later values without writing them.
 */
public final class BsonWalker {
  private BsonWalker() {}

  /** A valid BSON document that jsonb cannot store as is. */
  public static final class JsonbIncompatibleException extends Exception {
    private static final long serialVersionUID = 1L;

    JsonbIncompatibleException(String reason) {
      super(reason);
    }
  }



  /** Decodes the whole document; returns null when it is good, else one line saying what is wrong. */
  public static String decodingProblem(byte[] document) {
    try {
      walk(document, null, false, RepeatedFields.REJECT);
      return null;
    } catch (BSONException e) {
      return "undecodable BSON: " + e.getMessage();
    } catch (JsonbIncompatibleException e) {
      throw new IllegalStateException("no jsonb checks were asked for", e);
    } catch (RuntimeException e) {
      // org.bson reports most problems as BSONException; anything else is still bad input, not a bug here.
      return "undecodable BSON: " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  /**
   * A document's repeated field names that a policy other than reject let through.
   *
   * @param count      how many times a name came again in its object (all objects of the document)
   * @param firstPath  the dotted path of the first one
   * @param topLevelId whether {@code _id} itself is repeated at the top level
   */
  public record Repeats(int count, String firstPath, boolean topLevelId) {
    /** One line for the summary's rejects-file entry: where and what was kept. */
    public String describe(RepeatedFields policy) {
      return "field '" + firstPath + "' appears more than once in the same object" + (count > 1 ? " (" + count
          + " repeated names in the document)" : "") + "; the " + policy.word() + " value of each was loaded ("
          + RepeatedFields.OPTION + " " + policy.word() + ")";
    }
  }

  /** Writes the document to {@code out}, checking what jsonb cannot hold; repeated names refused. */
  public static void copy(byte[] document, JsonTarget out) throws JsonbIncompatibleException {
    walk(document, out, true, RepeatedFields.REJECT);
  }

  /**
   * Writes the document to {@code out}, checking what jsonb cannot hold; repeated names as the policy says.
   *
   * @return the repeated names let through, or null when there were none
   */
  public static Repeats copy(byte[] document, JsonTarget out, RepeatedFields repeated) throws JsonbIncompatibleException {
    return walk(document, out, true, repeated);
  }

  private static final ThreadLocal<WalkStack> LEVELS = ThreadLocal.withInitial(WalkStack::new);

  private static Repeats walk(byte[] document, JsonTarget out, boolean jsonbChecks, RepeatedFields repeated)
      throws JsonbIncompatibleException {
    StrictBsonInput input = new StrictBsonInput(document);
    WalkStack stack = LEVELS.get();
    stack.clear(); // a walk that threw left its levels behind
    try (BsonBinaryReader reader = new BsonBinaryReader(input)) {
      reader.readStartDocument();
      if (out != null) {
        out.startDocument();
      }
      stack.push(false);
      while (!stack.isEmpty()) {
        WalkStack.Level level = stack.peek();
        BsonType type = reader.readBsonType();
        if (type == BsonType.END_OF_DOCUMENT) {
          JsonTarget sink = stack.muted() ? null : out;
          stack.pop();
          endContainer(reader, sink, level.array);
          if (stack.mutedFrom == stack.depth) {
            stack.mutedFrom = -1; // the skipped container ended
          }
          continue;
        }
        if (level.array) {
          level.index++;
        } else {
          String name = reader.readName();
          level.name = name;
          // names inside a value that is not written are not checked: that value is left out whole
          if (jsonbChecks && !stack.muted() && !addName(level, name) && repeatedName(stack, name, repeated)) {
            stack.mutedFrom = stack.depth;
          }
          if (out != null && !stack.muted()) {
            out.name(name);
          }
        }
        if (type == BsonType.BINARY) {
          checkBinarySize(reader, input, document.length);
        }
        boolean muted = stack.muted();
        Container opened = copyValue(reader, muted ? null : out, type, jsonbChecks && !muted ? stack : null);
        if (opened != Container.NONE) {
          stack.push(opened == Container.ARRAY);
        } else if (stack.mutedFrom == stack.depth) {
          stack.mutedFrom = -1; // the skipped value was a scalar
        }
      }
      if (input.getPosition() != document.length) {
        throw new BsonSerializationException("the document ends at byte " + input.getPosition()
            + " but its length prefix says " + document.length);
      }
    }
    return stack.repeats == 0 ? null : new Repeats(stack.repeats, stack.firstRepeat, stack.repeatedId);
  }

  /** What a copied value opened. */
  private enum Container { NONE, DOCUMENT, ARRAY }

  /** org.bson allocates a binary's declared size before checking it is there: a corrupt size could ask for 2 GiB. */
  static void checkBinarySize(BsonBinaryReader reader, StrictBsonInput input, int documentLength) {
    int size = reader.peekBinarySize();
    if (size < 0 || size > documentLength - input.getPosition()) {
      throw new BsonSerializationException("binary of " + size + " bytes at byte " + input.getPosition()
          + " does not fit in the document of " + documentLength + " bytes");
    }
  }

  private static void endContainer(BsonBinaryReader reader, JsonTarget out, boolean array) {
    if (array) {
      reader.readEndArray();
      if (out != null) {
        out.endArray();
      }
    } else {
      reader.readEndDocument();
      if (out != null) {
        out.endDocument();
      }
    }
  }

  /** Copies one value; says whether it opened a document or an array, whose elements come next. */
  private static Container copyValue(BsonBinaryReader reader, JsonTarget out, BsonType type, WalkStack checks)
      throws JsonbIncompatibleException {
    switch (type) {
      case DOCUMENT -> {
        reader.readStartDocument();
        if (out != null) {
          out.startDocument();
        }
        return Container.DOCUMENT;
      }
      case ARRAY -> {
        reader.readStartArray();
        if (out != null) {
          out.startArray();
        }
        return Container.ARRAY;
      }
      case STRING -> {
        String value = checkNul(reader.readString(), checks);
        if (out != null) {
          out.string(value);
        }
      }
      case INT32 -> {
        int value = reader.readInt32();
        if (out != null) {
          out.int32(value);
        }
      }
      case INT64 -> {
        long value = reader.readInt64();
        if (out != null) {
          out.int64(value);
        }
      }
      case DOUBLE -> {
        double value = reader.readDouble();
        if (out != null) {
          out.doubleValue(value);
        }
      }
      case BOOLEAN -> {
        boolean value = reader.readBoolean();
        if (out != null) {
          out.bool(value);
        }
      }
      case DATE_TIME -> {
        long value = reader.readDateTime();
        if (out != null) {
          out.dateTime(value);
        }
      }
      case NULL -> {
        reader.readNull();
        if (out != null) {
          out.nullValue();
        }
      }
      case OBJECT_ID -> write(out, reader.readObjectId(), JsonTarget::objectId);
      case BINARY -> write(out, reader.readBinaryData(), JsonTarget::binary);
      case DECIMAL128 -> write(out, reader.readDecimal128(), JsonTarget::decimal128);
      default -> {
        return copyRareValue(reader, out, type, checks);
      }
    }
    return Container.NONE;
  }

  /** The types real collections seldom hold, written by org.bson's writer only. */
  private static Container copyRareValue(BsonBinaryReader reader, JsonTarget out, BsonType type, WalkStack checks)
      throws JsonbIncompatibleException {
    BsonWriter writer = out == null ? null : out.rareTypes();
    switch (type) {
      case JAVASCRIPT_WITH_SCOPE -> {
        String code = checkNul(reader.readJavaScriptWithScope(), checks);
        reader.readStartDocument();
        if (writer != null) {
          writer.writeJavaScriptWithScope(code);
          writer.writeStartDocument();
        }
        return Container.DOCUMENT;
      }
      case UNDEFINED -> {
        reader.readUndefined();
        if (writer != null) {
          writer.writeUndefined();
        }
      }
      case REGULAR_EXPRESSION -> write(writer, reader.readRegularExpression(), BsonWriter::writeRegularExpression);
      case DB_POINTER -> {
        BsonDbPointer pointer = reader.readDBPointer();
        checkNul(pointer.getNamespace(), checks);
        write(writer, pointer, BsonWriter::writeDBPointer);
      }
      case JAVASCRIPT -> write(writer, checkNul(reader.readJavaScript(), checks), BsonWriter::writeJavaScript);
      case SYMBOL -> write(writer, checkNul(reader.readSymbol(), checks), BsonWriter::writeSymbol);
      case TIMESTAMP -> write(writer, reader.readTimestamp(), BsonWriter::writeTimestamp);
      case MIN_KEY -> {
        reader.readMinKey();
        if (writer != null) {
          writer.writeMinKey();
        }
      }
      case MAX_KEY -> {
        reader.readMaxKey();
        if (writer != null) {
          writer.writeMaxKey();
        }
      }
      default -> throw new BsonSerializationException("unexpected BSON type " + type);
    }
    return Container.NONE;
  }

  private static <W, T> void write(W out, T value, java.util.function.BiConsumer<W, T> writer) {
    if (out != null) {
      writer.accept(out, value);
    }
  }

  private static String checkNul(String value, WalkStack checks) throws JsonbIncompatibleException {
    if (checks != null && value.indexOf('\0') >= 0) {
      throw new JsonbIncompatibleException("field '" + checks.path()
          + "': string contains U+0000 (NUL), which jsonb cannot store");
    }
    return value;
  }

  /**
   * A name came again in its object: refused under {@link RepeatedFields#REJECT}, else counted; returns whether its
   * value is to be left out ({@link RepeatedFields#FIRST}).
   */
  private static boolean repeatedName(WalkStack stack, String name, RepeatedFields policy)
      throws JsonbIncompatibleException {
    if (stack.depth > 1 && !stack.open[0].array && "_id".equals(stack.open[0].name)) {
      // the _id column's text is written from the value as decoded, which keeps one value per name
      throw new JsonbIncompatibleException("field '" + stack.path() + "' appears more than once in the same object"
          + " inside the _id, which is refused under every " + RepeatedFields.OPTION + " policy: the _id column must"
          + " hold the value data->'_id' holds");
    }
    if (policy == RepeatedFields.REJECT) {
      throw new JsonbIncompatibleException("field '" + stack.path() + "' appears more than once in the same object;"
          + " jsonb would keep only the last value (" + RepeatedFields.OPTION + " last or first loads such documents)");
    }
    if (stack.repeats++ == 0) {
      stack.firstRepeat = stack.path();
    }
    if (stack.depth == 1 && name.equals("_id")) {
      stack.repeatedId = true;
    }
    return policy == RepeatedFields.FIRST;
  }

  /** Adds the name to the level's names; false when it is there already. */
  static boolean addName(WalkStack.Level level, String name) {
    if (level.names == null) {
      for (int i = 0; i < level.nameCount; i++) {
        if (level.firstNames[i].equals(name)) {
          return false;
        }
      }
      if (level.nameCount < WalkStack.SCANNED_NAMES) {
        level.firstNames[level.nameCount++] = name;
        return true;
      }
      level.names = new HashSet<>(Arrays.asList(level.firstNames));
    }
    return level.names.add(name);
  }
}
