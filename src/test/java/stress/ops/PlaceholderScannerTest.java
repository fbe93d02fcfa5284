package stress.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stress.ops.sql.PlaceholderScanner;

/** Placeholders are found as pgjdbc finds them. */
class PlaceholderScannerTest {
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
      "SELECT ?|SELECT #",
      "SELECT '?' , ?|SELECT '?' , #",
      "SELECT 'it''s ?', ?|SELECT 'it''s ?', #",
      "SELECT E'\\' ?', ?|SELECT E'\\' ?', #",
      "SELECT \"a?\" FROM t WHERE x = ?|SELECT \"a?\" FROM t WHERE x = #",
      "SELECT $$ ? $$, $q$ ?$ $q$, ?|SELECT $$ ? $$, $q$ ?$ $q$, #",
      "SELECT data @?? '$.a', ? -- a ?|SELECT data @? '$.a', # -- a ?",
      "SELECT /* ? /* ? */ */ ?|SELECT /* ? /* ? */ */ #",
      "SELECT $1, ?|SELECT $1, #",
      "SELECT a FROM t WHERE a ?? 'k' AND b = ? AND c = ?|SELECT a FROM t WHERE a ? 'k' AND b = # AND c = #",
  })
  void fragments(String sql, String expected) {
    assertArrayEquals(expected.split("#", -1), PlaceholderScanner.fragments(sql));
  }
}
