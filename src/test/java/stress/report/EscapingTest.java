package stress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class EscapingTest {
  @Test
  void htmlEscapesTheFiveSpecialCharacters() {
    assertEquals("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
        Escaping.html("<a href=\"x\" title='y'>&amp;</a>"));
    assertEquals("plain text · 40001", Escaping.html("plain text · 40001"));
  }

  @Test
  void scriptJsonCannotCloseTheScriptAndMeansTheSame() throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    String value = "a</script><!-- & </SCRIPT > \u2028 line";
    String json = Escaping.scriptJson(mapper.writeValueAsString(value));
    String lower = json.toLowerCase(Locale.ROOT);
    assertFalse(lower.contains("</script") || lower.contains("<!--") || json.contains("\u2028"), json);
    assertEquals(value, mapper.readValue(json, String.class));
  }
}
