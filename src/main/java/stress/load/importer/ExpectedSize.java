package stress.load.importer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalLong;
import stress.dump.DumpCollection;

/**
 * How many BSON bytes a collection holds, for the ETA: the file size of a plain data file, and for a gzip file the
 * uncompressed size its trailer states (ISIZE: exact below 4 GiB, an estimate above). Archive namespaces have no
 * size of their own.
 */
final class ExpectedSize {
  private ExpectedSize() {}

  /** The uncompressed size, or -1 when it is not known. */
  static long bytes(DumpCollection collection) {
    OptionalLong size = collection.fileSize();
    if (size.isEmpty()) {
      return -1;
    }
    Path file = Path.of(collection.location());
    if (size.getAsLong() < 18 || !Files.isRegularFile(file)) {
      return size.getAsLong();
    }
    try {
      if (!gzip(file)) {
        return size.getAsLong();
      }
      try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
        ByteBuffer trailer = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        channel.read(trailer, channel.size() - 4);
        trailer.flip();
        return trailer.remaining() == 4 ? Integer.toUnsignedLong(trailer.getInt()) : -1;
      }
    } catch (IOException e) {
      return -1; // only the ETA is lost; reading the file reports the real problem
    }
  }

  private static boolean gzip(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.read() == 0x1f && in.read() == 0x8b;
    }
  }
}
