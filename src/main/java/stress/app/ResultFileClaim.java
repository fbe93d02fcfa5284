package stress.app;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import stress.model.UsageException;

/**
 * A result file ({@code run --json FILE}) claimed before measuring: opened for writing, so a path that cannot be
 * written is refused with the system's reason before the run instead of after it, and locked, so a second stress
 * process given the same path is refused instead of overwriting the first one's result. The lock is the operating
 * system's (released when this process ends, however it ends); a file this claim created is removed again when the
 * run writes nothing into it.
 */
final class ResultFileClaim implements AutoCloseable {
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
  static ResultFileClaim claim(String option, Path file) {
    if (file == null) {
      return null;
    }
    CommandResultJson.checkWritable(file);
    boolean existed = Files.exists(file);
    FileChannel channel;
    try {
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UsageException(option + " " + file + ": cannot be written (" + reason(e) + "); nothing was measured",
          e);
    }
    try {
      FileLock lock = channel.tryLock();
      if (lock == null) {
        throw busy(option, file);
      }
    } catch (OverlappingFileLockException e) {
      close(channel);
      throw busy(option, file);
    } catch (IOException e) {
      close(channel);
      throw new UsageException(option + " " + file + ": cannot be locked (" + reason(e) + ")", e);
    } catch (UsageException e) {
      close(channel);
      throw e;
    }
    return new ResultFileClaim(file, channel, !existed);
  }

  private static UsageException busy(String option, Path file) {
    return new UsageException(option + " " + file + ": another stress run is writing its result there; give each run"
        + " a file of its own");
  }

  /** The system's words for an I/O failure: {@code Permission denied}, not just the path again. */
  static String reason(IOException e) {
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (e instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** Releases the lock; a file this claim created and nothing filled is removed. */
  @Override
  public void close() {
    boolean empty;
    try {
      empty = channel.size() == 0 && Files.size(file) == 0;
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
}
