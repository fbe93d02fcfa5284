package stress.dump.naming;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The file names mongodump writes, and how collection names are escaped in them. */
public final class DumpFileNames {
  static final String BSON = ".bson";
  static final String BSON_GZ = ".bson.gz";
  public static final String METADATA = ".metadata.json";
  public static final String METADATA_GZ = ".metadata.json.gz";
  public static final String OPLOG = "oplog";

  private DumpFileNames() {}

  /** The escaped collection name of a data file ({@code .bson} or {@code .bson.gz}), or null. */
  public static String dataBase(String fileName) {
    return strip(fileName, BSON, BSON_GZ);
  }

  /** The escaped collection name of a metadata file, or null. */
  public static String metadataBase(String fileName) {
    return strip(fileName, METADATA, METADATA_GZ);
  }

  public static boolean isCollectionFile(String fileName) {
    return dataBase(fileName) != null || metadataBase(fileName) != null;
  }

  /** {@code oplog.bson} as mongodump --oplog writes it at the root of a dump. */
  public static boolean isRootOplog(String fileName) {
    return OPLOG.equals(dataBase(fileName));
  }

  public static boolean isPrelude(String fileName) {
    return fileName.equals("prelude.json") || fileName.equals("prelude.json.gz");
  }

  private static String strip(String fileName, String plain, String gzip) {
    for (String suffix : new String[] {gzip, plain}) {
      if (fileName.endsWith(suffix) && fileName.length() > suffix.length()) {
        return fileName.substring(0, fileName.length() - suffix.length());
      }
    }
    return null;
  }

  /**
   * Undoes mongodump's percent-escaping of a collection name ({@code caf%C3%A9s} is {@code cafés}). Empty
   * when an escape is malformed or the bytes are not UTF-8; '+' stays '+' (this is not form encoding).
   */
  public static Optional<String> unescape(String escaped) {
    if (escaped.indexOf('%') < 0) {
      return Optional.of(escaped);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < escaped.length(); i++) {
      char c = escaped.charAt(i);
      if (c == '%') {
        if (i + 2 >= escaped.length()) {
          return Optional.empty();
        }
        int high = Character.digit(escaped.charAt(i + 1), 16);
        int low = Character.digit(escaped.charAt(i + 2), 16);
        if (high < 0 || low < 0) {
          return Optional.empty();
        }
        bytes.write(high << 4 | low);
        i += 2;
      } else {
        byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
        if (Character.isHighSurrogate(c) && i + 1 < escaped.length()) {
          encoded = escaped.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
          i++;
        }
        bytes.writeBytes(encoded);
      }
    }
    try {
      return Optional.of(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray())).toString());
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }

  /**
   * True when a name looks cut by mongodump: names too long for a file are truncated and end with an
   * escaped '$' and a hash, and '$' cannot otherwise appear in a collection name.
   */
  public static boolean looksTruncated(String unescapedName) {
    return unescapedName.indexOf('$') >= 0;
  }
}
