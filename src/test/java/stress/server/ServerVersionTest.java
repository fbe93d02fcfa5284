package stress.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A table of real and odd version strings, accepted and rejected. */
class ServerVersionTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = ';', quoteCharacter = '"', textBlock = """
      # input                                                                          ; text     ; num    ; pre
      9.6.24                                                                           ; 9.6.24   ; 90624  ;
      9.6                                                                              ; 9.6      ; 90600  ;
      9.6devel                                                                         ; 9.6devel ; 90600  ; devel
      9.6beta1                                                                         ; 9.6beta1 ; 90600  ; beta1
      8.3.23                                                                           ; 8.3.23   ; 80323  ;
      10.6 (Postgres-XL 10r1.1)                                                        ; 10.6     ; 100006 ;
      PostgreSQL 10.6 (Postgres-XL 10r1.1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14+deb12u1) 12.2.0, 64-bit ; 10.6 ; 100006 ;
      12 (MatrixDB 5.0.0-community~alpha)                                              ; 12       ; 120000 ;
      PostgreSQL 12 (MatrixDB 5.0.0-community~alpha) (Greenplum Database 7.0.0 build dev) on x86_64-pc-linux-gnu ; 12 ; 120000 ;
      PostgreSQL 12.12 (Greenplum Database 7.0.0 build commit:abc) on x86_64-pc-linux-gnu ; 12.12 ; 120012 ;
      PostgreSQL 9.4.26 (Greenplum Database 6.26.0 build commit:abc)                   ; 9.4.26   ; 90426  ;
      15.20 (Debian 15.20-0+deb12u1)                                                   ; 15.20    ; 150020 ;
      PostgreSQL 15.20 (Debian 15.20-0+deb12u1) on x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14+deb12u1) 12.2.0, 64-bit ; 15.20 ; 150020 ;
      14.12                                                                            ; 14.12    ; 140012 ;
      16beta1                                                                          ; 16beta1  ; 160000 ; beta1
      17devel                                                                          ; 17devel  ; 170000 ; devel
      18rc1                                                                            ; 18rc1    ; 180000 ; rc1
      PostgreSQL 18beta2 on aarch64-apple-darwin23.5.0, compiled by clang              ; 18beta2  ; 180000 ; beta2
      "  16.4  "                                                                       ; 16.4     ; 160004 ;
      "16.4\t(Ubuntu 16.4-1.pgdg22.04+1)"                                              ; 16.4     ; 160004 ;
      """)
  void parses(String input, String text, int versionNum, String preRelease) {
    ServerVersion v = ServerVersion.parse(input.replace("\\t", "\t"));
    assertEquals(text, v.text());
    assertEquals(versionNum, v.versionNum());
    assertEquals(preRelease == null ? "" : preRelease, v.preRelease());
  }

  @ParameterizedTest(name = "\"{0}\"")
  @CsvSource(delimiter = ';', quoteCharacter = '"', textBlock = """
      # input           ; words the error must contain
      ""                ; must start with a version number
      "   "             ; must start with a version number
      garbage           ; must start with a version number
      PostgreSQL        ; must start with a version number
      Postgres-XL 10r1.1; must start with a version number
      v15.2             ; must start with a version number
      .15               ; must start with a version number
      -1                ; must start with a version number
      PostgreSQL15.2    ; must start with a version number
      9                 ; at least two parts
      9devel            ; at least two parts
      10.6.1            ; at most two version parts
      9.6.24.1          ; unexpected text '.1'
      15.               ; unexpected text '.'
      15.4abc           ; unexpected text 'abc'
      16beta            ; unexpected text 'beta'
      16.1beta1         ; major version only
      9.6.1beta1        ; two-part major version only
      15.20-0+deb12u1   ; unexpected text '-0+deb12u1'
      15,20             ; unexpected text ',20'
      9.100             ; below 100
      6.5.3             ; older than any PostgreSQL release
      99999999999.1     ; too large
      """)
  void rejects(String input, String reason) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerVersion.parse(input));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
    assertTrue(e.getMessage().startsWith("cannot parse PostgreSQL server version '" + input + "'"), e.getMessage());
  }

  @Test
  void rejectsNull() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerVersion.parse(null));
    assertTrue(e.getMessage().contains("null"), e.getMessage());
  }

  @Test
  void comparesByMajorVersion() {
    assertTrue(ServerVersion.parse("9.6.0").isAtLeast(9, 6));
    assertFalse(ServerVersion.parse("9.5.25").isAtLeast(9, 6));
    assertTrue(ServerVersion.parse("10.0").isAtLeast(9, 6));
    assertTrue(ServerVersion.parse("14.12").isAtLeast(14, 0));
    assertFalse(ServerVersion.parse("13.16").isAtLeast(14, 0));
    assertTrue(ServerVersion.parse("17devel").isAtLeast(17, 0));
  }

  @Test
  void keepsTheThreeParts() {
    assertEquals(new ServerVersion("9.6.24", 9, 6, 24, ""), ServerVersion.parse("9.6.24"));
    assertEquals(new ServerVersion("15.20", 15, 20, 0, ""), ServerVersion.parse("PostgreSQL 15.20 on x86_64"));
    assertEquals(new ServerVersion("12", 12, 0, 0, ""), ServerVersion.parse("12 (MatrixDB 5.0.0-community~alpha)"));
  }
}
