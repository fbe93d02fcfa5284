package stress.dump;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

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
        return new Opened(new BufferedInputStream(gunzip(file, raw), BUFFER), true);
      }
      return new Opened(raw, false);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  private static GZIPInputStream gunzip(Path file, InputStream raw) throws IOException {
    try {
      return new GZIPInputStream(raw, BUFFER);
    } catch (ZipException | EOFException e) {
      throw corruptGzip(file, 0, e);
    }
  }

  /** The error for a gzip stream that cannot be decompressed further. */
  static DumpFormatException corruptGzip(Path file, long uncompressedOffset, IOException e) {
    return new DumpFormatException(describe(file, true), uncompressedOffset, "gzip stream is corrupt or truncated ("
        + e.getMessage() + ")");
  }

  /** Reads a small file whole (metadata, prelude), decompressing it if needed. */
  static byte[] readAll(Path file) throws IOException {
    Opened opened = open(file);
    try (InputStream in = opened.in()) {
      return in.readAllBytes();
    } catch (ZipException | EOFException e) {
      throw corruptGzip(file, 0, e);
    }
  }

  /** How a file is named in messages; offsets of gzip files count uncompressed bytes, so say so. */
  static String describe(Path file, boolean gzip) {
    return gzip ? file + " (uncompressed)" : file.toString();
  }
}
