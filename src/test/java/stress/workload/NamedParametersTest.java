package stress.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamedParametersTest {

  @Test
  void namesBecomePositionsInOrderAndMayRepeat() {
    NamedParameters p = NamedParameters.translate("SELECT * FROM t WHERE a = :id AND b > :low OR c = :id");
    assertEquals("SELECT * FROM t WHERE a = ? AND b > ? OR c = ?", p.text());
    assertEquals(List.of("id", "low", "id"), p.names());
  }

  @Test
  void castsLiteralsQuotedIdentifiersAndCommentsAreLeftAlone() {
    String sql = "SELECT ':no', \"a:b\", $$ :no $$, $t$ :x $t$, x::int, :v::text -- :c\n/* :d */ FROM t";
    NamedParameters p = NamedParameters.translate(sql);
    assertEquals(List.of("v"), p.names());
    assertEquals("SELECT ':no', \"a:b\", $$ :no $$, $t$ :x $t$, x::int, ?::text -- :c\n/* :d */ FROM t", p.text());
  }

  @Test
  void doubledQuotesStayInsideTheLiteral() {
    NamedParameters p = NamedParameters.translate("SELECT 'it''s :no' || :yes");
    assertEquals(List.of("yes"), p.names());
  }

  @Test
  void numberedDollarParametersAreNotQuotes() {
    NamedParameters p = NamedParameters.translate("SELECT $1, :a");
    assertEquals(List.of("a"), p.names());
  }

  @Test
  void aQuestionMarkIsRefusedWithTheRule() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> NamedParameters.translate("SELECT data ? 'a' FROM t"));
    assertTrue(e.getMessage().contains("jsonb_exists"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> NamedParameters.translate("SELECT 'why?'"));
    assertThrows(IllegalArgumentException.class, () -> NamedParameters.translate("SELECT 'open"));
  }
}
