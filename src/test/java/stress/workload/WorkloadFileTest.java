package stress.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stress.ops.OperationSession;
import stress.ops.file.ParameterGenerator;
import stress.model.StatementMode;
import stress.ops.file.WorkloadOperation;

class WorkloadFileTest {
  @TempDir
  Path dir;

  private Path file(String yaml) throws IOException {
    Path f = dir.resolve("w.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  private String refusal(String yaml) throws IOException {
    Path f = file(yaml);
    return assertThrows(IllegalArgumentException.class, () -> WorkloadFile.load(f)).getMessage();
  }

  @Test
  void operationsKeepTheirWeightsOrderAndTranslatedStatements() throws IOException {
    WorkloadFile w = WorkloadFile.load(file("""
        operations:
          by_key:
            weight: 3
            sql: SELECT _id, data FROM {table} WHERE _id = :id
            params:
              id: key
          mark:
            transaction: true
            sql:
              - UPDATE {table} SET data = data WHERE _id = :id AND :n > 0
              - SELECT _id, data FROM {copy_table} WHERE _id = :id
            params:
              n: {int: [1, 9]}
              id: key
        """));
    assertEquals(Map.of("by_key", 3, "mark", 1), w.weights());
    assertEquals(List.of("by_key", "mark"), List.copyOf(w.operations().keySet()));
    WorkloadOperation mark = (WorkloadOperation) w.operations().get("mark");
    assertEquals("UPDATE {table} SET data = data WHERE _id = ? AND ? > 0", mark.statements().get(0));
    assertEquals(List.of(1, 0), List.of(mark.positions()[0][0], mark.positions()[0][1]));
    assertEquals(false, mark.queries()[0]);
    assertEquals(true, mark.queries()[1]);
    assertTrue(mark.transaction() && mark.usesCopyTable() && mark.readsExistingKeys());
  }

  @Test
  void refusalsNameFileLineOperationAndRule() throws IOException {
    String unknownKey = refusal("""
        operations:
          a:
            sql: SELECT 1
            wieght: 2
        """);
    assertTrue(unknownKey.matches(".*w\\.yaml:4: operation 'a': unknown key 'wieght'.*"), unknownKey);
    String wrongType = refusal("""
        operations:
          a:
            sql: SELECT :n
            params:
              n: {int: [1, 2.5]}
        """);
    assertTrue(wrongType.matches(".*w\\.yaml:5: operation 'a': parameter 'n' \\(int\\): bounds must be whole.*"),
        wrongType);
    String undeclared = refusal("""
        operations:
          a:
            sql: SELECT :n
        """);
    assertTrue(undeclared.matches(".*w\\.yaml:3: operation 'a': parameter :n is not declared.*"), undeclared);
    String unused = refusal("""
        operations:
          a:
            sql: SELECT 1
            params:
              n: key
        """);
    assertTrue(unused.matches(".*w\\.yaml:5: operation 'a': parameter 'n' is declared but no statement uses.*"),
        unused);
    String builtIn = refusal("operations:\n  find_first:\n    sql: SELECT 1\n");
    assertTrue(builtIn.contains("w.yaml:2: operation 'find_first': the name of a built-in"), builtIn);
    String mixed = refusal("operations:\n  a:\n    sql: SELECT :s\n    params:\n      s: {choice: [a, 1]}\n");
    assertTrue(mixed.contains("w.yaml:5: operation 'a': parameter 's' (choice): all values must be of one type"),
        mixed);
    String top = refusal("operation:\n  a:\n    sql: SELECT 1\n");
    assertTrue(top.contains("w.yaml:1: unknown key 'operation'"), top);
  }

  @Test
  void generatorsRepeatForASeedAndStayInTheirRanges() throws IOException {
    WorkloadFile w = WorkloadFile.load(file("""
        operations:
          a:
            sql: SELECT :i, :l, :d, :c
            params:
              i: {int: [-3, 3]}
              l: {long: [10000000000, 10000000005]}
              d: {double: [0.5, 1.5]}
              c: {choice: [x, y, z]}
        """));
    List<ParameterGenerator> gens = ((WorkloadOperation) w.operations().get("a")).generators();
    List<Object> first = draw(gens, 42);
    assertEquals(first, draw(gens, 42));
    assertNotEquals(first, draw(gens, 43));
    for (int k = 0; k < first.size(); k += 4) {
      int i = (Integer) first.get(k);
      long l = (Long) first.get(k + 1);
      double d = (Double) first.get(k + 2);
      assertTrue(i >= -3 && i <= 3 && l >= 10000000000L && l <= 10000000005L && d >= 0.5 && d < 1.5);
      assertTrue(List.of("x", "y", "z").contains(first.get(k + 3)));
    }
  }

  @Test
  void anOperationThatIsNoMapIsRefusedWithAnExampleOfItsOwnKind() throws IOException {
    assertEquals("w.yaml:3: operation 'totals': aggregate must be a map such as {pipeline: [{$match: {...}}, {$group: {...}}]}; keys:"
        + " pipeline", refusal("operations:\n  totals:\n    aggregate: [{$match: {status: paid}}]\n")
        .replaceFirst("^.*/", ""));
    assertEquals("w.yaml:3: operation 'by_status': find must be a map such as {filter: {...}, sort: {...}, limit: 10}; keys: filter, limit,"
        + " projection, skip, sort", refusal("operations:\n  by_status:\n    find: paid\n").replaceFirst("^.*/", ""));
    assertEquals("w.yaml:3: operation 'add': insertMany must be a map such as {documents: [{...}, {...}]}; keys: documents",
        refusal("operations:\n  add:\n    insertMany: [{a: 1}]\n").replaceFirst("^.*/", ""));
  }

  private static List<Object> draw(List<ParameterGenerator> gens, long seed) {
    OperationSession session = new OperationSession(StatementMode.PREPARED, true, null, new SplittableRandom(seed), 1);
    List<Object> out = new ArrayList<>();
    for (int n = 0; n < 200; n++) {
      for (ParameterGenerator g : gens) {
        out.add(g.next(session));
      }
    }
    return out;
  }
}
