package stress.connect;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * libpq's password file ({@code ~/.pgpass} or {@code PGPASSFILE}): lines
 * {@code hostname:port:database:username:password}, {@code *} matching anything in the first four fields,
 * {@code \:} and {@code \\} for a literal colon and backslash, lines starting with {@code #} ignored, and the
 * first matching line winning. Like libpq, a file that group or others may access is not used at all.
 */
final class PasswordFile {
  private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private final Path path;
  private final List<String> lines;

  private PasswordFile(Path path, List<String> lines) {
    this.path = path;
    this.lines = lines;
  }

  /** The outcome of opening the file: the file, or nothing with an optional warning saying why it was not used. */
  record Opened(Optional<PasswordFile> file, Optional<String> warning) {}

  /** Opens the file if it exists and is private to its owner; a missing file is silently absent, as in libpq. */
  static Opened open(Path path) {
    if (!Files.exists(path)) {
      return new Opened(Optional.empty(), Optional.empty());
    }
    if (!Files.isRegularFile(path)) {
      return new Opened(Optional.empty(), Optional.of("password file " + path + " is not a plain file; not used"));
    }
    try {
      PosixFileAttributeView posix = Files.getFileAttributeView(path, PosixFileAttributeView.class);
      if (posix != null) {
        Set<PosixFilePermission> permissions = posix.readAttributes().permissions();
        if (permissions.stream().anyMatch(GROUP_OR_OTHERS::contains)) {
          return new Opened(Optional.empty(), Optional.of("password file " + path
              + " has group or world access; not used, as libpq would not use it (chmod 0600 it)"));
        }
      }
      return new Opened(Optional.of(new PasswordFile(path, Files.readAllLines(path, StandardCharsets.UTF_8))),
          Optional.empty());
    } catch (IOException e) {
      throw new UncheckedIOException("could not read password file " + path + ": " + e.getMessage(), e);
    }
  }

  Path path() {
    return path;
  }

  /** The password of the first line matching all four fields, if any. */
  Optional<String> find(String host, int port, String database, String user) {
    String[] wanted = {host, Integer.toString(port), database, user};
    for (String raw : lines) {
      String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Optional<String> password = match(line, wanted);
      if (password.isPresent()) {
        return password;
      }
    }
    return Optional.empty();
  }

  /** Walks the four key fields of one line; returns the unescaped password field when all of them match. */
  private static Optional<String> match(String line, String[] wanted) {
    int pos = 0;
    for (String value : wanted) {
      if (line.startsWith("*:", pos)) {
        pos += 2;
        continue;
      }
      StringBuilder field = new StringBuilder();
      boolean ended = false;
      while (pos < line.length()) {
        char c = line.charAt(pos++);
        if (c == '\\' && pos < line.length()) {
          field.append(line.charAt(pos++));
        } else if (c == ':') {
          ended = true;
          break;
        } else {
          field.append(c);
        }
      }
      if (!ended || !field.toString().equals(value)) {
        return Optional.empty(); // a short line never matches, as in libpq
      }
    }
    StringBuilder password = new StringBuilder();
    while (pos < line.length()) {
      char c = line.charAt(pos++);
      if (c == '\\' && pos < line.length()) {
        password.append(line.charAt(pos++));
      } else if (c == ':') {
        break; // libpq ends the password at the next unescaped colon
      } else {
        password.append(c);
      }
    }
    return Optional.of(password.toString());
  }
}
