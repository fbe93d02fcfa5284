package stress.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import stress.model.Instance;

class InstanceTest {

  @ParameterizedTest
  @CsvSource({"1/1, 1, 1, 0", "1/2, 1, 2, 1", "2/2, 2, 2, 0", " 3 / 8 , 3, 8, 3", "8/8, 8, 8, 0"})
  void parsesIOfN(String text, int number, int count, int residue) {
    Instance i = Instance.parse(text);
    assertEquals(new Instance(number, count), i);
    assertEquals(residue, i.residue());
    assertEquals(number + "/" + count, i.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0/2", "3/2", "9/8", "1/0", "0/0", "two", "1-2", "1/", "/2", "-1/2", "1/2/3", "", "1.5/2",
      "9999999999/2"})
  void refusesAnythingElseNamingTheRule(String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Instance.parse(text));
    assertEquals("--instance must be i/n with 1 <= i <= n (this process is instance i of n processes inserting into"
        + " the same table), got '" + text + "'", e.getMessage());
  }
}
