package stress.dump.generate;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;

/**
 * A file written under a temporary name ({@code <name>.partial}) and renamed when complete, so that an
 * interrupted run never leaves a truncated file under a name a restore tool would read.
 */
final class PendingFile implements AutoCloseable {
  private static final int BUFFER = 1 << 16;

  private final Path target;
  private final Path partial;
  private final OutputStream out;
  private boolean committed;

  private PendingFile(Path target, boolean gzip) throws IOException {
    this.target = target;
    this.partial = target.resolveSibling(target.getFileName() + ".partial");
    OutputStream file = new BufferedOutputStream(Files.newOutputStream(partial), BUFFER);
    // gzip wraps the whole stream, as mongodump --gzip does for every file and for archives
    this.out = gzip ? new BufferedOutputStream(new GZIPOutputStream(file, BUFFER), BUFFER) : file;
  }

  static PendingFile create(Path target, boolean gzip) throws IOException {
    return new PendingFile(target, gzip);
  }

  OutputStream out() {
    return out;
  }

  /** Closes the stream and gives the file its name, replacing a file of that name. Returns its size. */
  long commit() throws IOException {
    out.close();
    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    committed = true;
    return Files.size(target);
  }

  Path target() {
    return target;
  }

  /** Removes the temporary file unless committed. */
  @Override
  public void close() throws IOException {
    if (!committed) {
      try {
        out.close();
      } finally {
        Files.deleteIfExists(partial);
      }
    }
  }
}
