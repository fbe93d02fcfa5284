package stress.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A dump (database {@code kinds}) with one collection per kind of data that does not go into jsonb as it is, each
 * holding one document of that kind (the undecodable one: a good document, a bad one, a good one), named after the
 * kind's key in lower case; and {@code plain} with a document that has none.
 */
public final class KindDumps {
  private KindDumps() {}

  public static final String DB = "kinds";

  /** Each collection's documents as Extended JSON (repeated names kept as written). */
  public static Map<String, String> documents() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("repeatedfield", "{\"_id\": 1, \"v\": 1, \"v\": 2}");
    m.put("repeatedfieldinid", "{\"_id\": {\"x\": 1, \"x\": 2}, \"v\": 1}");
    m.put("nulinstring", "{\"_id\": 1, \"v\": \"a\\u0000b\"}");
    m.put("noid", "{\"v\": 1}");
    m.put("doublenan", "{\"_id\": 1, \"v\": {\"$numberDouble\": \"NaN\"}}");
    m.put("doubleinfinity", "{\"_id\": 1, \"v\": {\"$numberDouble\": \"-Infinity\"}}");
    m.put("doublenegativezero", "{\"_id\": 1, \"v\": {\"$numberDouble\": \"-0.0\"}}");
    m.put("decimal128", "{\"_id\": 1, \"v\": {\"$numberDecimal\": \"1.10\"}}");
    m.put("decimal128nanorinfinity", "{\"_id\": 1, \"v\": {\"$numberDecimal\": \"NaN\"}}");
    m.put("dateoutsideiso", "{\"_id\": 1, \"v\": {\"$date\": {\"$numberLong\": \"-1000\"}}}");
    m.put("javascript", "{\"_id\": 1, \"v\": {\"$code\": \"function(){}\"}}");
    m.put("javascriptwithscope", "{\"_id\": 1, \"v\": {\"$code\": \"x\", \"$scope\": {\"x\": 1}}}");
    m.put("dbpointer", "{\"_id\": 1, \"v\": {\"$dbPointer\": {\"$ref\": \"db.c\", \"$id\": {\"$oid\":"
        + " \"5f0000000000000000000001\"}}}}");
    m.put("symbol", "{\"_id\": 1, \"v\": {\"$symbol\": \"s\"}}");
    m.put("undefined", "{\"_id\": 1, \"v\": {\"$undefined\": true}}");
    m.put("minkey", "{\"_id\": 1, \"v\": {\"$minKey\": 1}}");
    m.put("maxkey", "{\"_id\": 1, \"v\": {\"$maxKey\": 1}}");
    m.put("regularexpression", "{\"_id\": 1, \"v\": {\"$regularExpression\": {\"pattern\": \"^a\", \"options\":"
        + " \"i\"}}}");
    m.put("timestamp", "{\"_id\": 1, \"v\": {\"$timestamp\": {\"t\": 5, \"i\": 6}}}");
    m.put("binary", "{\"_id\": 1, \"v\": {\"$binary\": {\"base64\": \"AQID\", \"subType\": \"00\"}}}");
    m.put("deep", "{\"_id\": 1, \"v\": " + "{\"a\": ".repeat(149) + "1" + "}".repeat(149) + "}");
    m.put("plain", "{\"_id\": 1, \"v\": 1.5, \"d\": {\"$date\": \"2024-01-02T03:04:05Z\"}}");
    return m;
  }

  /** Writes the dump under {@code root} ({@code root/kinds/NAME.bson}) and returns root. */
  public static Path write(Path root) throws IOException {
    Path db = Files.createDirectories(root.resolve(DB));
    for (Map.Entry<String, String> e : documents().entrySet()) {
      Files.write(db.resolve(e.getKey() + ".bson"), BsonFiles.bytesKeepingRepeats(e.getValue()));
    }
    ByteArrayOutputStream undecodable = new ByteArrayOutputStream();
    undecodable.writeBytes(BsonFiles.bytes("{\"_id\": 1, \"v\": \"ok\"}"));
    undecodable.writeBytes(badUtf8());
    undecodable.writeBytes(BsonFiles.bytes("{\"_id\": 3, \"v\": \"ok\"}"));
    Files.write(db.resolve("undecodable.bson"), undecodable.toByteArray());
    return root;
  }

  /** {@code {_id: 2, v: "ab"}} with the 'a' replaced by 0xFF: framed well, not valid UTF-8. */
  static byte[] badUtf8() {
    byte[] bytes = BsonFiles.bytes("{\"_id\": 2, \"v\": \"ab\"}");
    for (int i = bytes.length - 4; i > 0; i--) {
      if (bytes[i] == 'a' && bytes[i + 1] == 'b') {
        bytes[i] = (byte) 0xFF;
        return bytes;
      }
    }
    throw new IllegalStateException("no 'ab' in the document");
  }
}
