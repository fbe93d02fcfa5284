package stress.dump.bson;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.bson.BsonBinary;
import org.bson.BsonWriter;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Writes a document's relaxed Extended JSON straight into the bytes of one COPY text field: the text org.bson's
 * {@code JsonWriter} writes under {@link BsonJson}'s settings, byte for byte (a test compares the two over generated
 * and real documents), then as UTF-8 with COPY's escapes. It skips what made the conversion slow: a state check per
 * call, a character at a time through a {@code Writer}, and a second encoding pass for COPY.
 *
 * <p>It writes the types real collections hold (documents, arrays, strings, numbers, booleans, null, ObjectIds,
 * dates, binaries, decimals); for the rarer ones {@link #rareTypes()} throws {@link NeedsFullWriter}, and the caller
 * writes that document with org.bson's writer instead. Strings are escaped as {@code JsonWriter} escapes them:
 * {@code \" \\ \b \f \n \r \t}, and {@code \}{@code uXXXX} for every character whose Unicode category it does not
 * print as is (controls, marks, format characters, surrogates, ...). COPY then doubles each backslash; the JSON text
 * holds no raw tab, newline or carriage return. Not thread-safe; reusable after {@link #reset()}.
 */
public final class CopyFieldJson implements JsonTarget {
  /** The document holds a type this writer leaves to org.bson's: write it with that one. */
  public static final class NeedsFullWriter extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private NeedsFullWriter() {
      super("a BSON type written by org.bson's JSON writer only", null, false, false);
    }
  }

  private static final NeedsFullWriter NEEDS_FULL_WRITER = new NeedsFullWriter();
  private static final int KEPT_CAPACITY = 4 << 20;
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  /** The Unicode categories JsonWriter writes as they are; every other character becomes a {@code \}u escape. */
  private static final int PRINTED_CATEGORIES = categories(Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER,
      Character.TITLECASE_LETTER, Character.OTHER_LETTER, Character.DECIMAL_DIGIT_NUMBER, Character.LETTER_NUMBER,
      Character.OTHER_NUMBER, Character.SPACE_SEPARATOR, Character.CONNECTOR_PUNCTUATION,
      Character.DASH_PUNCTUATION, Character.START_PUNCTUATION, Character.END_PUNCTUATION,
      Character.INITIAL_QUOTE_PUNCTUATION, Character.FINAL_QUOTE_PUNCTUATION, Character.OTHER_PUNCTUATION,
      Character.MATH_SYMBOL, Character.CURRENCY_SYMBOL, Character.MODIFIER_SYMBOL, Character.OTHER_SYMBOL);

  /** For each ASCII character: 0 when written as is, else the letter after JSON's backslash ('u' for \}uXXXX). */
  private static final byte[] ASCII_ESCAPES = asciiEscapes();

  private byte[] buffer;
  private int length;
  /** For each open container, innermost last: whether it is an array, and whether it has an element yet. */
  private boolean[] arrays = new boolean[32];
  private boolean[] started = new boolean[32];
  private int depth;

  public CopyFieldJson(int initialCapacity) {
    buffer = new byte[Math.max(initialCapacity, 64)];
  }

  /** The bytes written since the last {@link #reset()}: {@code array()[0 .. length())}. */
  public byte[] array() {
    return buffer;
  }

  public int length() {
    return length;
  }

  /** Starts a new field; a very large buffer left by one huge document is let go. */
  public void reset() {
    length = 0;
    depth = 0;
    if (buffer.length > KEPT_CAPACITY) {
      buffer = new byte[KEPT_CAPACITY / 64];
    }
  }

  @Override
  public void startDocument() {
    beforeValue();
    ascii('{');
    push(false);
  }

  @Override
  public void endDocument() {
    ascii('}');
    depth--;
  }

  @Override
  public void startArray() {
    beforeValue();
    ascii('[');
    push(true);
  }

  @Override
  public void endArray() {
    ascii(']');
    depth--;
  }

  @Override
  public void name(String name) {
    separate();
    quoted(name);
    ascii(':');
    ascii(' ');
  }

  @Override
  public void doubleValue(double value) {
    beforeValue();
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      wrapped("{\"$numberDouble\": \"", DoubleText.of(value), "\"}");
    } else {
      ascii(DoubleText.jsonNumber(value));
    }
  }

  @Override
  public void string(String value) {
    beforeValue();
    quoted(value);
  }

  @Override
  public void int32(int value) {
    beforeValue();
    number(value);
  }

  @Override
  public void int64(long value) {
    beforeValue();
    number(value);
  }

  @Override
  public void bool(boolean value) {
    beforeValue();
    ascii(value ? "true" : "false");
  }

  @Override
  public void nullValue() {
    beforeValue();
    ascii("null");
  }

  @Override
  public void objectId(ObjectId value) {
    beforeValue();
    wrapped("{\"$oid\": \"", value.toHexString(), "\"}");
  }

  @Override
  public void dateTime(long millis) {
    beforeValue();
    if (RelaxedDateConverter.writtenAsIso(millis)) {
      wrapped("{\"$date\": \"", RelaxedDateConverter.iso(millis), "\"}");
    } else {
      ascii("{\"$date\": {\"$numberLong\": \"");
      number(millis);
      ascii("\"}}");
    }
  }

  @Override
  public void binary(BsonBinary value) {
    beforeValue();
    ascii("{\"$binary\": {\"base64\": \"");
    byte[] base64 = Base64.getEncoder().encode(value.getData());
    room(base64.length);
    System.arraycopy(base64, 0, buffer, length, base64.length);
    length += base64.length;
    ascii("\", \"subType\": \"");
    int type = value.getType() & 0xff;
    ascii(Character.toUpperCase((char) HEX[type >> 4]));
    ascii(Character.toUpperCase((char) HEX[type & 0xf]));
    ascii("\"}}");
  }

  @Override
  public void decimal128(Decimal128 value) {
    beforeValue();
    wrapped("{\"$numberDecimal\": \"", value.toString(), "\"}");
  }

  @Override
  public BsonWriter rareTypes() {
    throw NEEDS_FULL_WRITER;
  }

  private void push(boolean array) {
    if (depth == arrays.length) {
      arrays = Arrays.copyOf(arrays, depth * 2);
      started = Arrays.copyOf(started, depth * 2);
    }
    arrays[depth] = array;
    started[depth++] = false;
  }

  /** An array's elements are separated here; a document's before each name. */
  private void beforeValue() {
    if (depth > 0 && arrays[depth - 1]) {
      separate();
    }
  }

  private void separate() {
    if (started[depth - 1]) {
      ascii(',');
      ascii(' ');
    } else {
      started[depth - 1] = true;
    }
  }

  private void wrapped(String before, String asciiValue, String after) {
    ascii(before);
    ascii(asciiValue);
    ascii(after);
  }

  /** A JSON string, escaped for JSON and then for COPY. */
  private void quoted(String value) {
    int count = value.length();
    room(2 + 8 * count); // the longest form of a character: \\uXXXX in COPY, 7 bytes
    byte[] b = buffer;
    int at = length;
    b[at++] = '"';
    for (int i = 0; i < count; i++) {
      char c = value.charAt(i);
      if (c < 0x80) {
        byte escape = ASCII_ESCAPES[c];
        if (escape == 0) {
          b[at++] = (byte) c;
        } else if (escape == 'u') {
          at = unicodeEscape(b, at, c);
        } else {
          b[at++] = '\\'; // JSON's backslash, doubled for COPY
          b[at++] = '\\';
          if (escape == '\\') {
            b[at++] = '\\';
            b[at++] = '\\';
          } else {
            b[at++] = escape;
          }
        }
      } else if ((PRINTED_CATEGORIES >>> Character.getType(c) & 1) == 0) {
        at = unicodeEscape(b, at, c); // surrogates included: JsonWriter escapes each half
      } else if (c < 0x800) {
        b[at++] = (byte) (0xC0 | c >> 6);
        b[at++] = (byte) (0x80 | c & 0x3F);
      } else {
        b[at++] = (byte) (0xE0 | c >> 12);
        b[at++] = (byte) (0x80 | c >> 6 & 0x3F);
        b[at++] = (byte) (0x80 | c & 0x3F);
      }
    }
    b[at++] = '"';
    length = at;
  }

  private static int unicodeEscape(byte[] b, int at, char c) {
    b[at++] = '\\';
    b[at++] = '\\';
    b[at++] = 'u';
    b[at++] = HEX[c >> 12];
    b[at++] = HEX[c >> 8 & 0xf];
    b[at++] = HEX[c >> 4 & 0xf];
    b[at++] = HEX[c & 0xf];
    return at;
  }

  private void number(long value) {
    if (value == Long.MIN_VALUE) {
      ascii(Long.toString(value));
      return;
    }
    room(20);
    if (value < 0) {
      buffer[length++] = '-';
      value = -value;
    }
    int digits = 1;
    for (long rest = value / 10; rest > 0; rest /= 10) {
      digits++;
    }
    for (int i = length + digits - 1; i >= length; i--) {
      buffer[i] = (byte) ('0' + value % 10);
      value /= 10;
    }
    length += digits;
  }

  /** Text known to be printable ASCII without a backslash, which neither JSON nor COPY escapes. */
  private void ascii(String text) {
    int count = text.length();
    room(count);
    text.getBytes(0, count, buffer, length); // the deprecated form is the one that copies without encoding
    length += count;
  }

  private void ascii(char c) {
    room(1);
    buffer[length++] = (byte) c;
  }

  private void room(int bytes) {
    if (length + bytes > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + bytes));
    }
  }

  private static int categories(int... categories) {
    int mask = 0;
    for (int category : categories) {
      mask |= 1 << category;
    }
    return mask;
  }

  private static byte[] asciiEscapes() {
    byte[] escapes = new byte[0x80];
    for (char c = 0; c < 0x80; c++) {
      escapes[c] = switch (c) {
        case '"' -> '"';
        case '\\' -> '\\';
        case '\b' -> 'b';
        case '\f' -> 'f';
        case '\n' -> 'n';
        case '\r' -> 'r';
        case '\t' -> 't';
        default -> (PRINTED_CATEGORIES >>> Character.getType(c) & 1) == 0 ? (byte) 'u' : 0;
      };
    }
    return escapes;
  }
}
