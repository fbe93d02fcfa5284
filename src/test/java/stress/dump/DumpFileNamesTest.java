package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import stress.dump.naming.DumpFileNames;

class DumpFileNamesTest {
  @Test
  void suffixesOfDataAndMetadataFiles() {
    assertEquals("orders", DumpFileNames.dataBase("orders.bson"));
    assertEquals("orders", DumpFileNames.dataBase("orders.bson.gz"));
    assertEquals("system.buckets.x", DumpFileNames.dataBase("system.buckets.x.bson"));
    assertNull(DumpFileNames.dataBase(".bson"));
    assertNull(DumpFileNames.dataBase("orders.metadata.json"));
    assertEquals("orders", DumpFileNames.metadataBase("orders.metadata.json.gz"));
    assertTrue(DumpFileNames.isRootOplog("oplog.bson"));
    assertFalse(DumpFileNames.isRootOplog("oplog.rs.bson"));
    assertTrue(DumpFileNames.isPrelude("prelude.json.gz"));
  }

  @Test
  void percentEscapesAreUtf8AndPlusStaysPlus() {
    assertEquals(Optional.of("cafés"), DumpFileNames.unescape("caf%C3%A9s"));
    assertEquals(Optional.of("a/b$c+d"), DumpFileNames.unescape("a%2Fb%24c+d"));
    assertEquals(Optional.of("plain"), DumpFileNames.unescape("plain"));
    assertEquals(Optional.empty(), DumpFileNames.unescape("bad%2"));
    assertEquals(Optional.empty(), DumpFileNames.unescape("bad%zz"));
    assertEquals(Optional.empty(), DumpFileNames.unescape("notutf8%C3"));
    assertTrue(DumpFileNames.looksTruncated("aVeryLongName$xFO0VquRn7cg3QooSZD5sglTddU"));
  }

  @Test
  void crc64IsTheXzVariant() {
    Crc64 crc = new Crc64();
    crc.update("12345".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    crc.update("6789".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    assertEquals(0x995DC9BBDF1939FAL, crc.value(), "the CRC-64/XZ check value of \"123456789\"");
  }
}
