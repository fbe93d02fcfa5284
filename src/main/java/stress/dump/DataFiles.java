package stress.dump;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** Opens dump files, decompressing gzip ones (recognised by their magic bytes, not by their name). */
final class DataFiles {
  private static final int BUFFER = 1 << 16;

  private DataFiles() {}

  /** An open file and whether it was gzip-compressed. */
  record Opened(InputStream in, boolean gzip) {}

  static Opened open(Path file) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(file), BUFFER);
    try {
      raw.mark(2);
      int first = raw.read();
      int second = raw.read();
      raw.reset();
      if (first == 0x1f && second == 0x8b) {
        return new Opened(new BufferedInputStream(new GZIPInputStream(raw, BUFFER), BUFFER), true);
      }
      return new Opened(raw, false);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /** How a file is named in messages; offsets of gzip files count uncompressed bytes, so say so. */
  static String describe(Path file, boolean gzip) {
    return gzip ? file + " (uncompressed)" : file.toString();
  }
}
