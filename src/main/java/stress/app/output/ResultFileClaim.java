package stress.app.output;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import stress.model.UsageException;
import stress.report.JsonReport;

/**
 * A result file ({@code run --json FILE}) claimed before measuring: opened for writing, so a path that cannot be
 * written is refused with the system's reason before the run instead of after it, and locked, so a second stress
 * process given the same path is refused instead of overwriting the first one's result. The lock is the operating
 * system's (released when this process ends, however it ends); a file this claim created is removed again when the
 * run writes nothing into it.
 */
public final class ResultFileClaim implements AutoCloseable {
  private final Path file;
  private final FileChannel channel;
  private final boolean created;

  private ResultFileClaim(Path file, FileChannel channel, boolean created) {
    this.file = file;
    this.channel = channel;
    this.created = created;
  }

  /**
   * Claims {@code file} for the option {@code option}, or returns null when no file was given.
   *
   * @throws UsageException when it cannot be written (the system's reason said) or another process holds it
   */
  public static ResultFileClaim claim(String option, Path file) {
    if (file == null) {
      return null;
    }
    checkWritable(file);
    boolean existed = Files.exists(file);
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UsageException(option + " " + file + ": cannot be written (" + JsonReport.reason(e)
          + "); nothing was measured", e);
    }
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null; // held by this process already: another run in the same JVM
    } catch (IOException e) {
      close(channel);
      throw new UsageException(option + " " + file + ": cannot be locked (" + JsonReport.reason(e) + ")", e);
    }
    if (lock == null) {
      close(channel);
      throw new UsageException(option + " " + file + ": another stress run is writing its result there; give each run"
          + " a file of its own");
    }
    return new ResultFileClaim(file, channel, !existed);
  }

  /** Releases the lock; a file this claim created and nothing filled is removed. */
  @Override
  public void close() {
    boolean empty;
    try {
      empty = channel.size() == 0;
    } catch (IOException e) {
      empty = false;
    }
    close(channel);
    if (created && empty) {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // left empty: the run's own failure is what the user needs to read
      }
    }
  }

  private static void close(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // closing releases the lock either way
    }
  }

  /**
   * Refuses, before any work, a result file that holds something already (an earlier run's result): as {@code --out}
   * takes only a new or empty directory, {@code --json} takes only a new or empty file, so no result is replaced
   * without a word. An empty file (made by this run's own claim, or by mktemp) is taken.
   */
  public static void refuseEarlierResult(String option, Path file) {
    long size;
    try {
      size = file != null && Files.isRegularFile(file) ? Files.size(file) : 0;
    } catch (IOException e) {
      size = 0; // unreadable: the claim says why it cannot be written
    }
    if (size > 0) {
      throw new UsageException(option + " " + file + " exists and holds " + size + " bytes (an earlier result?): a"
          + " result never replaces another, as --out takes only a new or empty directory; give a new file name or"
          + " remove it");
    }
  }

  /**
   * Refuses, before any work, a path the result could not be written to: a directory, or a file whose directory
   * does not exist. One line naming the option and the path.
   */
  public static void checkWritable(Path file) {
    if (Files.isDirectory(file)) {
      throw new UsageException("--json '" + file + "' is a directory; give a file name");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new UsageException("--json '" + file + "': directory '" + parent + "' does not exist");
    }
    if (parent != null && !Files.isWritable(parent)) {
      throw new UsageException("--json '" + file + "': directory '" + parent + "' is not writable");
    }
  }
}
