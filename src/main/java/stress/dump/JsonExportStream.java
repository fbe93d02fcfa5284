package stress.dump;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.zip.ZipException;
import org.bson.BsonBinaryWriter;
import org.bson.BSONException;
import org.bson.BsonType;
import org.bson.io.BasicOutputBuffer;
import org.bson.json.JsonParseException;
import org.bson.json.JsonReader;
import stress.dump.document.ReadItem;

/**
 * The documents of a mongoexport file: Extended JSON (canonical or relaxed, v2, and the v1 forms mongoexport wrote
 * before 4.2), one document a line or one JSON array ({@code --jsonArray}), plain or gzipped. Each document is read by
 * org.bson's {@link JsonReader} and piped into a {@link BsonBinaryWriter}, so it reaches the importer as the BSON
 * bytes mongodump would have written (field order and repeated field names kept) and goes through the same
 * {@code _id} detection, conversion and rejects.
 *
 * <p>One document a line: a line that does not parse is one rejection ({@code --on-error skip} reads on at the next
 * line); its offset is the line's first byte. In an array there is no next element to trust after a parse error, so
 * the stream stops there as a BSON file does when its framing is lost; an element that is not a document is one
 * rejection. An element's offset is where the reader was when it began the element.
 */
final class JsonExportStream extends DocumentStream {
  /** The byte order mark some tools put before UTF-8 text. */
  private static final int[] UTF8_BOM = {0xef, 0xbb, 0xbf};

  private final InputStream in;
  private final boolean array;
  /** Lines: bytes of the uncompressed stream consumed so far, and lines read. */
  private long position;
  private long line;
  /** Array: the reader over the whole stream, the bytes it has taken, and the elements read. */
  private JsonReader arrayReader;
  private CountingReader counted;
  private long element;
  private boolean ended;

  private JsonExportStream(InputStream in, String source, boolean array, ReadPolicy policy) {
    super(source, policy);
    this.in = in;
    this.array = array;
  }

  /** Opens a file that {@link JsonExports#firstCharacter} found to start with '{' (lines) or '[' (an array). */
  static JsonExportStream open(Path file, ReadPolicy policy) throws IOException {
    DataFiles.Opened opened = DataFiles.open(file);
    try {
      String source = DataFiles.describe(file, opened.gzip());
      int first = JsonExports.firstCharacter(opened.in());
      JsonExportStream stream = new JsonExportStream(opened.in(), source, first == '[', policy);
      stream.skipByteOrderMark();
      return stream;
    } catch (IOException | RuntimeException e) {
      opened.in().close();
      throw e;
    }
  }

  private void skipByteOrderMark() throws IOException {
    in.mark(UTF8_BOM.length);
    for (int b : UTF8_BOM) {
      if (in.read() != b) {
        in.reset();
        return;
      }
    }
    position = UTF8_BOM.length;
  }

  @Override
  public ReadItem next() throws IOException {
    if (ended) {
      return null;
    }
    try {
      return array ? nextElement() : nextLine();
    } catch (ZipException e) {
      throw new DumpFormatException(source(), position, "gzip stream is corrupt or truncated (" + e.getMessage() + ")");
    }
  }

  private ReadItem nextLine() throws IOException {
    while (true) {
      long start = position;
      byte[] raw = readLine();
      if (raw == null) {
        ended = true;
        return null;
      }
      line++;
      String text = new String(raw, StandardCharsets.UTF_8);
      if (text.isBlank()) {
        continue;
      }
      try {
        JsonReader reader = new JsonReader(text);
        byte[] bson = bsonOf(reader);
        if (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          return rejected(start, raw.length, "line " + line + ": more than one JSON value on the line", text);
        }
        return document(start, bson);
      } catch (JsonParseException | BSONException | IllegalArgumentException e) {
        return rejected(start, raw.length, "line " + line + ": not a document of Extended JSON: " + e.getMessage()
            + (text.strip().equals("{") ? " (a document over several lines, as mongoexport --pretty writes it:"
                + " export without --pretty, or with --jsonArray)" : ""), text);
      }
    }
  }

  /** The next line's bytes without its line break, or null at the end; counts the break in the position. */
  private byte[] readLine() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    int b = in.read();
    if (b < 0) {
      return null;
    }
    while (b >= 0 && b != '\n') {
      bytes.write(b);
      b = in.read();
    }
    position += bytes.size() + (b == '\n' ? 1 : 0);
    byte[] raw = bytes.toByteArray();
    int length = raw.length;
    if (length > 0 && raw[length - 1] == '\r') {
      return Arrays.copyOf(raw, length - 1);
    }
    return raw;
  }

  private ReadItem nextElement() throws IOException {
    try {
      if (arrayReader == null) {
        counted = new CountingReader(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), position);
        arrayReader = new JsonReader(counted);
        arrayReader.readStartArray();
      }
      BsonType type = arrayReader.readBsonType();
      long start = Math.max(0, counted.bytes - 1);
      if (type == BsonType.END_OF_DOCUMENT) {
        arrayReader.readEndArray();
        if (arrayReader.readBsonType() != BsonType.END_OF_DOCUMENT) {
          throw new DumpFormatException(source(), counted.bytes, "more JSON after the array's closing ']'");
        }
        ended = true;
        return null;
      }
      element++;
      if (type != BsonType.DOCUMENT) {
        arrayReader.skipValue();
        return rejected(start, counted.bytes - start, "array element " + element + " is a " + type.name()
            .toLowerCase(Locale.ROOT) + ", not a document", null);
      }
      return document(start, bsonOf(arrayReader));
    } catch (JsonParseException | BSONException | IllegalArgumentException e) {
      ended = true;
      throw new DumpFormatException(source(), counted == null ? position : counted.bytes, "array element "
          + (element + 1) + ": not valid Extended JSON, and nothing after it can be trusted: " + e.getMessage());
    }
  }

  /** The BSON of the document the reader is at: piped as it is, so repeated field names stay as MongoDB had them. */
  private static byte[] bsonOf(JsonReader reader) {
    BasicOutputBuffer buffer = new BasicOutputBuffer();
    try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
      writer.pipe(reader);
    }
    return buffer.toByteArray();
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** Counts the UTF-8 bytes of the characters the JSON reader has taken, for offsets in messages. */
  private static final class CountingReader extends Reader {
    private final Reader reader;
    private long bytes;

    CountingReader(Reader reader, long start) {
      this.reader = reader;
      this.bytes = start;
    }

    @Override
    public int read() throws IOException {
      int c = reader.read();
      if (c >= 0) {
        bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate((char) c) ? 2 : 3;
      }
      return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
      int n = reader.read(buffer, offset, length);
      for (int i = 0; i < n; i++) {
        char c = buffer[offset + i];
        bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
      }
      return n;
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }
}
