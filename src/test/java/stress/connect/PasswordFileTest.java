package stress.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PasswordFileTest {
  @TempDir
  Path dir;

  private PasswordFile file(String... lines) throws IOException {
    Path p = dir.resolve("pgpass");
    Files.write(p, java.util.List.of(lines));
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
    PasswordFile.Opened opened = PasswordFile.open(p);
    assertTrue(opened.warning().isEmpty(), () -> opened.warning().get());
    return opened.file().orElseThrow();
  }

  @ParameterizedTest(name = "{0} -> {5}")
  @CsvSource(delimiter = '|', nullValues = "NONE", value = {
      // line                                   | host     | port | db   | user  | expected
      "db1:5432:app:alice:secret                | db1      | 5432 | app  | alice | secret",
      "db1:5432:app:alice:secret                | db1      | 5433 | app  | alice | NONE",
      "db1:5432:app:alice:secret                | db2      | 5432 | app  | alice | NONE",
      "db1:5432:app:alice:secret                | db1      | 5432 | other| alice | NONE",
      "db1:5432:app:alice:secret                | db1      | 5432 | app  | bob   | NONE",
      "*:*:*:*:any                              | h        | 1    | d    | u     | any",
      "*:5432:*:alice:wild                      | h        | 5432 | d    | alice | wild",
      "*:5432:*:alice:wild                      | h        | 5433 | d    | alice | NONE",
      // a field is a wildcard only when it is exactly '*'
      "*x:5432:app:alice:p                      | *x       | 5432 | app  | alice | p",
      "*x:5432:app:alice:p                      | h        | 5432 | app  | alice | NONE",
      // escapes in key fields and in the password
      "h:5432:my\\:db:alice:p                   | h        | 5432 | my:db| alice | p",
      "h:5432:back\\\\slash:alice:p             | h        | 5432 | back\\slash | alice | p",
      "h:5432:app:alice:pa\\:ss\\\\word         | h        | 5432 | app  | alice | pa:ss\\word",
      // the password ends at the next unescaped colon, as in libpq
      "h:5432:app:alice:pass:extra              | h        | 5432 | app  | alice | pass",
      // IPv6 host names escape their colons
      "\\:\\:1:5432:app:alice:v6                | ::1      | 5432 | app  | alice | v6",
      // short lines never match
      "h:5432:app:alice                         | h        | 5432 | app  | alice | NONE",
      "'#h:5432:app:alice:commented'            | '#h'     | 5432 | app  | alice | NONE",
  })
  void matchesLikeLibpq(String line, String host, int port, String db, String user, String expected)
      throws IOException {
    assertEquals(Optional.ofNullable(expected), file(line).find(host, port, db, user));
  }

  @Test
  void firstMatchWinsAndCommentsAndBlankLinesAreSkipped() throws IOException {
    PasswordFile f = file("# a comment", "", "h:5432:app:*:first", "*:*:*:*:second", "h:5432:app:alice:third");
    assertEquals(Optional.of("first"), f.find("h", 5432, "app", "alice"));
    assertEquals(Optional.of("second"), f.find("other", 5432, "app", "alice"));
  }

  @Test
  void windowsLineEndingsAreNotPartOfThePassword() throws IOException {
    Path p = dir.resolve("crlf");
    Files.writeString(p, "h:5432:app:alice:secret\r\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
    assertEquals(Optional.of("secret"), PasswordFile.open(p).file().orElseThrow().find("h", 5432, "app", "alice"));
  }

  @ParameterizedTest
  @CsvSource({"rw-r-----", "rw----r--", "rw-rw-rw-", "rw-----wx", "rwx---r-x"})
  void fileOthersMayAccessIsNotUsed(String permissions) throws IOException {
    Path p = dir.resolve("open");
    Files.writeString(p, "*:*:*:*:secret\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(permissions));
    PasswordFile.Opened opened = PasswordFile.open(p);
    assertTrue(opened.file().isEmpty());
    assertTrue(opened.warning().orElseThrow().contains("group or world access"), opened.warning().get());
    assertTrue(opened.warning().get().contains(p.toString()));
    assertTrue(!opened.warning().get().contains("secret"));
  }

  @Test
  void missingFileIsSilentlyAbsentAndDirectoryIsWarned() {
    PasswordFile.Opened missing = PasswordFile.open(dir.resolve("nope"));
    assertTrue(missing.file().isEmpty());
    assertTrue(missing.warning().isEmpty());
    PasswordFile.Opened directory = PasswordFile.open(dir);
    assertTrue(directory.file().isEmpty());
    assertTrue(directory.warning().orElseThrow().contains("not a plain file"));
  }
}
