package stress.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CopyTextEncoderTest {

  @Test
  void escapesBackslashTabNewlineAndCarriageReturn() {
    assertEquals("7\t{\"a\": \"x\\\\ty\\\\\\\\z\"}\\n\\r\\t \n",
        encode("7", "{\"a\": \"x\\ty\\\\z\"}\n\r\t "));
    assertEquals("k\\tey\\\\\t{}\n", encode("k\tey\\", "{}"));
  }

  @Test
  void writesUtf8LikeTheJdkForEveryKindOfCharacter() {
    String text = "ascii é ß € 北京 東京都 😀 𝄞 \u007f \u0080 \u07ff \u0800 \uffff";
    assertEquals("1\t" + text + "\n", encode("1", text));
  }

  @Test
  void refusesNulRawOrAsJsonEscapeAndLeavesTheBufferAsItWas() {
    CopyTextEncoder encoder = new CopyTextEncoder(4);
    encoder.appendRow("1", "{}");
    byte[] before = Arrays.copyOf(encoder.bytes(), encoder.length());
    IllegalArgumentException escape = assertThrows(IllegalArgumentException.class,
        () -> encoder.appendRow("2", "{\"a\": \"x\\u0000y\"}"));
    assertTrue(escape.getMessage().contains("\\u0000"), escape.getMessage());
    assertThrows(IllegalArgumentException.class, () -> encoder.appendRow("3", "{\"a\": \"x\0y\"}"));
    assertThrows(IllegalArgumentException.class, () -> encoder.appendRow("4\0", "{}"));
    assertArrayEquals(before, Arrays.copyOf(encoder.bytes(), encoder.length()));
  }

  @Test
  void anEscapedBackslashBeforeU0000IsNotANul() {
    // JSON "\\u0000" is a backslash followed by the letters u0000: storable.
    assertEquals("1\t\"\\\\\\\\u0000\"\n", encode("1", "\"\\\\u0000\""));
    // ...but an escaped backslash followed by a real \u0000 escape is a NUL.
    assertThrows(IllegalArgumentException.class, () -> encode("1", "\"\\\\\\u0000\""));
  }

  @Test
  void refusesUnpairedSurrogates() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> encode("1", "\"a\ud800b\""));
    assertTrue(e.getMessage().contains("surrogate at character 2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> encode("1", "\"a\udc00\""));
    assertThrows(IllegalArgumentException.class, () -> encode("1", "\"a\ud800"));
  }

  @Test
  void growsForLongRowsAndCountsTheBytesOfEachRow() {
    CopyTextEncoder encoder = new CopyTextEncoder(16);
    String big = "x".repeat(100_000);
    int first = encoder.appendRow("1", big);
    int second = encoder.appendRow("2", "é");
    assertEquals(100_003, first);
    assertEquals(5, second);
    assertEquals(first + second, encoder.length());
    encoder.clear();
    assertEquals(0, encoder.length());
  }

  private static String encode(String id, String json) {
    CopyTextEncoder encoder = new CopyTextEncoder(8);
    int added = encoder.appendRow(id, json);
    assertEquals(encoder.length(), added);
    return new String(encoder.bytes(), 0, encoder.length(), StandardCharsets.UTF_8);
  }
}
