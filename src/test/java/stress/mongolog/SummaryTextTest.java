package stress.mongolog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Values in the summary's reasons shortened with their full size; no printed line over 200 characters. */
class SummaryTextTest {
  @Test
  void aLongStringIsCutToItsFirstCharactersWithItsSize() {
    String base64 = "JwAp" + "A".repeat(4098);
    assertEquals("find: a binary value cannot be compared ({\"$binary\": {\"base64\": \"JwApAAAAAAAAAAAAAAAA…\""
        + " (4,102 bytes), \"subType\": \"00\"}})", SummaryText.shortValues("find: a binary value cannot be compared"
        + " ({\"$binary\": {\"base64\": \"" + base64 + "\", \"subType\": \"00\"}})"));
  }

  @Test
  void aLongListIsCutWithItsSizeAndShortTextIsKept() {
    String list = IntStream.rangeClosed(1, 1000).mapToObj(Integer::toString).collect(Collectors.joining(", ", "[", "]"));
    String shortened = SummaryText.shortValues("{\"_id\": {\"$in\": " + list + "}}");
    assertEquals("{\"_id\": {\"$in\": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, … (4,893 bytes)}}",
        shortened, "the list cut to about 60 characters with its size, the document around it kept");
    String plain = "find: operator $where is not supported; supported: $all, $and ({\"a\": 1})";
    assertEquals(plain, SummaryText.shortValues(plain));
  }

  @Test
  void aLongLineIsBrokenAtASpaceAndNoPartIsOver200Characters() {
    String line = "  " + "word ".repeat(100) + "x".repeat(450);
    List<String> lines = SummaryText.fit(line);
    assertTrue(lines.stream().allMatch(l -> l.length() <= SummaryText.LINE), lines.toString());
    assertEquals(line.replace(" ", ""), String.join("", lines).replace(" ", ""), "nothing is lost");
    assertTrue(lines.get(0).endsWith("word"), lines.get(0));
    assertEquals(List.of("short"), SummaryText.fit("short"));
  }
}
