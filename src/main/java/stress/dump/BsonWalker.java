package stress.dump;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BSONException;
import org.bson.BsonBinaryReader;
import org.bson.BsonDbPointer;
import org.bson.BsonSerializationException;
import org.bson.BsonType;
import org.bson.BsonWriter;

/**
 * Reads every element of one BSON document with org.bson's {@link BsonBinaryReader} (over
 * {@link StrictBsonInput}), optionally writing each element to a {@link BsonWriter} such as a JSON
 * writer. Iterative, with its own stack, so that no nesting depth can overflow the thread's stack.
 *
 * <p>With {@code jsonbChecks} it also refuses what PostgreSQL's jsonb cannot hold without changing
 * the data: U+0000 in any string (jsonb rejects {@code \u0000}), and a field name repeated inside one
 * object (jsonb keeps only the last value).
 */
final class BsonWalker {
  private BsonWalker() {}

  /** A valid BSON document that jsonb cannot store as is. */
  static final class JsonbIncompatibleException extends Exception {
    private static final long serialVersionUID = 1L;

    JsonbIncompatibleException(String reason) {
      super(reason);
    }
  }

  /** Decodes the whole document; returns null when it is good, else one line saying what is wrong. */
  static String decodingProblem(byte[] document) {
    try {
      walk(document, null, false);
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

  /** Writes the document to {@code out}, checking what jsonb cannot hold. */
  static void copy(byte[] document, BsonWriter out) throws JsonbIncompatibleException {
    walk(document, out, true);
  }

  /** Objects with up to this many fields check for a repeated name by a plain scan, cheaper than hashing. */
  private static final int SCANNED_NAMES = 16;

  private static final class Level {
    boolean array;
    int index;
    String name;
    final String[] firstNames = new String[SCANNED_NAMES];
    int nameCount;
    Set<String> names;

    void reset(boolean isArray) {
      array = isArray;
      index = -1;
      name = null;
      Arrays.fill(firstNames, 0, nameCount, null);
      nameCount = 0;
      names = null;
    }
  }

  /**
   * The open containers of the document being walked, innermost last. Each thread keeps its levels from document to
   * document: walking allocates nothing of its own, which matters at tens of thousands of documents a second.
   */
  private static final class Levels {
    /** Deeper stacks than this are not kept for the next document. */
    private static final int KEPT_DEPTH = 256;

    private Level[] open = new Level[16];
    private int depth;

    void push(boolean array) {
      if (depth == open.length) {
        open = Arrays.copyOf(open, depth * 2);
      }
      if (open[depth] == null) {
        open[depth] = new Level();
      }
      open[depth++].reset(array);
    }

    Level peek() {
      return open[depth - 1];
    }

    void pop() {
      depth--;
    }

    boolean isEmpty() {
      return depth == 0;
    }

    /** Dotted path of the current element, array positions as numbers (MongoDB's notation). */
    String path() {
      List<String> parts = new ArrayList<>(depth);
      for (int i = 0; i < depth; i++) {
        parts.add(open[i].array ? Integer.toString(open[i].index) : open[i].name);
      }
      return String.join(".", parts);
    }

    void clear() {
      depth = 0;
      if (open.length > KEPT_DEPTH) {
        open = new Level[16];
      }
    }
  }

  private static final ThreadLocal<Levels> LEVELS = ThreadLocal.withInitial(Levels::new);

  private static void walk(byte[] document, BsonWriter out, boolean jsonbChecks) throws JsonbIncompatibleException {
    StrictBsonInput input = new StrictBsonInput(document);
    Levels stack = LEVELS.get();
    stack.clear(); // a walk that threw left its levels behind
    try (BsonBinaryReader reader = new BsonBinaryReader(input)) {
      reader.readStartDocument();
      if (out != null) {
        out.writeStartDocument();
      }
      stack.push(false);
      while (!stack.isEmpty()) {
        Level level = stack.peek();
        BsonType type = reader.readBsonType();
        if (type == BsonType.END_OF_DOCUMENT) {
          stack.pop();
          endContainer(reader, out, level.array);
          continue;
        }
        if (level.array) {
          level.index++;
        } else {
          String name = reader.readName();
          level.name = name;
          if (jsonbChecks) {
            checkUniqueName(stack, level, name);
          }
          if (out != null) {
            out.writeName(name);
          }
        }
        if (type == BsonType.BINARY) {
          checkBinarySize(reader, input, document.length);
        }
        Container opened = copyValue(reader, out, type, jsonbChecks ? stack : null);
        if (opened != Container.NONE) {
          stack.push(opened == Container.ARRAY);
        }
      }
      if (input.getPosition() != document.length) {
        throw new BsonSerializationException("the document ends at byte " + input.getPosition()
            + " but its length prefix says " + document.length);
      }
    }
  }

  /** What a copied value opened. */
  private enum Container { NONE, DOCUMENT, ARRAY }

  /** org.bson allocates a binary's declared size before checking it is there: a corrupt size could ask for 2 GiB. */
  private static void checkBinarySize(BsonBinaryReader reader, StrictBsonInput input, int documentLength) {
    int size = reader.peekBinarySize();
    if (size < 0 || size > documentLength - input.getPosition()) {
      throw new BsonSerializationException("binary of " + size + " bytes at byte " + input.getPosition()
          + " does not fit in the document of " + documentLength + " bytes");
    }
  }

  private static void endContainer(BsonBinaryReader reader, BsonWriter out, boolean array) {
    if (array) {
      reader.readEndArray();
      if (out != null) {
        out.writeEndArray();
      }
    } else {
      reader.readEndDocument();
      if (out != null) {
        out.writeEndDocument();
      }
    }
  }

  /** Copies one value; says whether it opened a document or an array, whose elements come next. */
  private static Container copyValue(BsonBinaryReader reader, BsonWriter out, BsonType type, Levels checks)
      throws JsonbIncompatibleException {
    switch (type) {
      case DOCUMENT -> {
        reader.readStartDocument();
        if (out != null) {
          out.writeStartDocument();
        }
        return Container.DOCUMENT;
      }
      case ARRAY -> {
        reader.readStartArray();
        if (out != null) {
          out.writeStartArray();
        }
        return Container.ARRAY;
      }
      case JAVASCRIPT_WITH_SCOPE -> {
        String code = checkNul(reader.readJavaScriptWithScope(), checks);
        reader.readStartDocument();
        if (out != null) {
          out.writeJavaScriptWithScope(code);
          out.writeStartDocument();
        }
        return Container.DOCUMENT;
      }
      case DOUBLE -> write(out, reader.readDouble(), BsonWriter::writeDouble);
      case STRING -> write(out, checkNul(reader.readString(), checks), BsonWriter::writeString);
      case BINARY -> write(out, reader.readBinaryData(), BsonWriter::writeBinaryData);
      case UNDEFINED -> {
        reader.readUndefined();
        if (out != null) {
          out.writeUndefined();
        }
      }
      case OBJECT_ID -> write(out, reader.readObjectId(), BsonWriter::writeObjectId);
      case BOOLEAN -> write(out, reader.readBoolean(), BsonWriter::writeBoolean);
      case DATE_TIME -> write(out, reader.readDateTime(), BsonWriter::writeDateTime);
      case NULL -> {
        reader.readNull();
        if (out != null) {
          out.writeNull();
        }
      }
      case REGULAR_EXPRESSION -> write(out, reader.readRegularExpression(), BsonWriter::writeRegularExpression);
      case DB_POINTER -> {
        BsonDbPointer pointer = reader.readDBPointer();
        checkNul(pointer.getNamespace(), checks);
        write(out, pointer, BsonWriter::writeDBPointer);
      }
      case JAVASCRIPT -> write(out, checkNul(reader.readJavaScript(), checks), BsonWriter::writeJavaScript);
      case SYMBOL -> write(out, checkNul(reader.readSymbol(), checks), BsonWriter::writeSymbol);
      case INT32 -> write(out, reader.readInt32(), BsonWriter::writeInt32);
      case TIMESTAMP -> write(out, reader.readTimestamp(), BsonWriter::writeTimestamp);
      case INT64 -> write(out, reader.readInt64(), BsonWriter::writeInt64);
      case DECIMAL128 -> write(out, reader.readDecimal128(), BsonWriter::writeDecimal128);
      case MIN_KEY -> {
        reader.readMinKey();
        if (out != null) {
          out.writeMinKey();
        }
      }
      case MAX_KEY -> {
        reader.readMaxKey();
        if (out != null) {
          out.writeMaxKey();
        }
      }
      default -> throw new BsonSerializationException("unexpected BSON type " + type);
    }
    return Container.NONE;
  }

  private static <T> void write(BsonWriter out, T value, java.util.function.BiConsumer<BsonWriter, T> writer) {
    if (out != null) {
      writer.accept(out, value);
    }
  }

  private static String checkNul(String value, Levels checks) throws JsonbIncompatibleException {
    if (checks != null && value.indexOf('\0') >= 0) {
      throw new JsonbIncompatibleException("field '" + checks.path()
          + "': string contains U+0000 (NUL), which jsonb cannot store");
    }
    return value;
  }

  private static void checkUniqueName(Levels stack, Level level, String name) throws JsonbIncompatibleException {
    if (!addName(level, name)) {
      throw new JsonbIncompatibleException("field '" + stack.path()
          + "' appears more than once in the same object; jsonb would keep only the last value");
    }
  }

  /** Adds the name to the level's names; false when it is there already. */
  private static boolean addName(Level level, String name) {
    if (level.names == null) {
      for (int i = 0; i < level.nameCount; i++) {
        if (level.firstNames[i].equals(name)) {
          return false;
        }
      }
      if (level.nameCount < SCANNED_NAMES) {
        level.firstNames[level.nameCount++] = name;
        return true;
      }
      level.names = new HashSet<>(Arrays.asList(level.firstNames));
    }
    return level.names.add(name);
  }
}
