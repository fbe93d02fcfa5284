package stress.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A count reads as English: one in the singular, any other number (none included) in the plural. */
class PluralTest {
  @Test
  void oneIsSingularEveryOtherCountPlural() {
    assertEquals("1 document", Plural.of(1, "document"));
    assertEquals("0 documents", Plural.of(0, "document"));
    assertEquals("2 rounds", Plural.of(2, "round"));
    assertEquals("-1 draws", Plural.of(-1, "draw"));
  }
}
