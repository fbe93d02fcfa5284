package stress.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CopyTextWriter writes a field exactly as CopyTextEncoder escapes it, whichever Writer method delivers the text. */
class CopyTextWriterTest {
  private static final List<String> TEXTS = List.of("", "{\"a\": \"x\\ty\\\\z\"}\n\r\t ", "k\tey\\",
      "ascii é ß € 北京 東京都 😀 𝄞 \u007f \u0080 \u07ff \u0800 \uffff", "\"\\\\u0000\"", "x".repeat(70_000) + "😀");

  @Test
  void writesWhatTheEncoderWritesByCharByStringAndByArray() {
    for (String text : TEXTS) {
      byte[] expected = encoderField(text);
      CopyTextWriter byChar = new CopyTextWriter(1);
      text.chars().forEach(byChar::write);
      assertArrayEquals(expected, byChar.toByteArray(), text);
      CopyTextWriter byString = new CopyTextWriter(1);
      int half = text.length() / 2; // may split a surrogate pair between two calls
      byString.write(text, 0, half);
      byString.write(text.substring(half));
      assertArrayEquals(expected, byString.toByteArray(), text);
      CopyTextWriter byArray = new CopyTextWriter(1);
      byArray.write(text.toCharArray(), 0, text.length());
      byArray.append('!');
      assertEquals(new String(expected, StandardCharsets.UTF_8) + "!", new String(byArray.toByteArray(), StandardCharsets.UTF_8));
      assertEquals(expected.length + 1, byArray.length());
    }
  }

  @Test
  void wholeStringsOfEveryMixWriteWhatTheEncoderWrites() {
    String[] pieces = {"a", "\\", "\t", "\n", "\r", "\u007f", "\u0080", "é", "\u07ff", "\u0800", "北京", "\uffff", "😀",
        "\ud83d", "\ude00", "\"", "x".repeat(40)};
    java.util.Random random = new java.util.Random(11);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder s = new StringBuilder();
      for (int k = random.nextInt(10); k > 0; k--) {
        s.append(pieces[random.nextInt(pieces.length)]);
      }
      String text = s.toString();
      CopyTextWriter byChar = new CopyTextWriter(1);
      CopyTextWriter byString = new CopyTextWriter(1);
      Object charResult = outcome(() -> {
        text.chars().forEach(byChar::write);
        return byChar.toByteArray();
      });
      Object stringResult = outcome(() -> {
        byString.write(text);
        return byString.toByteArray();
      });
      if (charResult instanceof byte[] bytes) {
        assertArrayEquals(bytes, (byte[]) stringResult, text);
      } else {
        assertEquals(charResult, stringResult, text);
      }
    }
  }

  /** The bytes, or the refusal's message. */
  private static Object outcome(java.util.function.Supplier<byte[]> write) {
    try {
      return write.get();
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  @Test
  void refusesNulAndUnpairedSurrogates() {
    assertThrows(IllegalArgumentException.class, () -> new CopyTextWriter(8).write("a\0b"));
    IllegalArgumentException high = assertThrows(IllegalArgumentException.class, () -> new CopyTextWriter(8).write("a\ud800b"));
    assertTrue(high.getMessage().contains("surrogate at character 2"), high.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new CopyTextWriter(8).write("a\udc00"));
    CopyTextWriter endsHigh = new CopyTextWriter(8);
    endsHigh.write("a\ud800");
    assertThrows(IllegalArgumentException.class, endsHigh::toByteArray);
  }

  @Test
  void resetStartsAFreshField() {
    CopyTextWriter writer = new CopyTextWriter(4);
    writer.write("first\ud83d");
    writer.reset();
    writer.write("é");
    assertArrayEquals("é".getBytes(StandardCharsets.UTF_8), writer.toByteArray());
  }

  @Test
  void anEncodedRowIsTheSameRowAsItsTextForm() {
    CopyTextEncoder encoder = new CopyTextEncoder(4);
    for (String text : TEXTS) {
      encoder.clear();
      int textBytes = encoder.append(new DocumentRow("id\t7", text));
      byte[] fromText = Arrays.copyOf(encoder.bytes(), encoder.length());
      encoder.clear();
      CopyTextWriter writer = new CopyTextWriter(4);
      writer.write(text);
      int encodedBytes = encoder.append(new EncodedRow("id\t7", writer.toByteArray()));
      assertArrayEquals(fromText, Arrays.copyOf(encoder.bytes(), encoder.length()), text);
      assertEquals(textBytes, encodedBytes);
    }
    assertThrows(IllegalArgumentException.class, () -> encoder.append(new EncodedRow("a\0", new byte[0])));
  }

  @Test
  void aRowCopiedIntoASlabIsTheSameRowAsItsTextForm() {
    ByteSlab slab = new ByteSlab(64);
    CopyTextEncoder encoder = new CopyTextEncoder(4);
    for (String text : TEXTS) {
      CopyTextWriter writer = new CopyTextWriter(4);
      writer.write(text);
      int at = writer.copyTo(slab);
      EncodedRow sliced = new EncodedRow("id", slab.array(), at, writer.length());
      encoder.clear();
      encoder.append(new EncodedRow("id", writer.toByteArray()));
      byte[] whole = Arrays.copyOf(encoder.bytes(), encoder.length());
      encoder.clear();
      encoder.append(sliced);
      assertArrayEquals(whole, Arrays.copyOf(encoder.bytes(), encoder.length()), text);
    }
    CopyTextWriter endsHigh = new CopyTextWriter(8);
    endsHigh.write("a\ud800");
    assertThrows(IllegalArgumentException.class, () -> endsHigh.copyTo(slab));
  }

  /** The field as CopyTextEncoder writes it (the row minus "1\t" and the final newline). */
  private static byte[] encoderField(String text) {
    CopyTextEncoder encoder = new CopyTextEncoder(8);
    encoder.appendRow("1", text);
    return Arrays.copyOfRange(encoder.bytes(), 2, encoder.length() - 1);
  }
}
