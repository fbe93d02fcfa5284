package stress.dump;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Reads a plain BSON stream (a mongodump {@code .bson} file: documents back to back, nothing else),
 * framing each document by its int32 length prefix and decoding it fully with org.bson to check it.
 * Offsets count bytes of the stream as given (uncompressed bytes for {@code .bson.gz}).
 *
 * <p>See {@link DocumentStream} for what {@link #next()} yields and how corrupt input ends the stream.
 */
public final class BsonDocumentReader extends DocumentStream {
  private final FrameReader frames;
  private DumpFormatException failure;
  private boolean finished;

  /**
   * Reads documents from {@code in}, which must already be uncompressed.
   *
   * @param source how to name the input in messages (usually the file path)
   */
  public BsonDocumentReader(InputStream in, String source, ReadPolicy policy) {
    super(Objects.requireNonNull(source, "source"), Objects.requireNonNull(policy, "policy"));
    this.frames = new FrameReader(Objects.requireNonNull(in, "in"), 0);
  }

  /** Opens a {@code .bson} or gzip-compressed {@code .bson.gz} file (gzip recognised by its magic bytes). */
  public static BsonDocumentReader open(Path file, ReadPolicy policy) throws IOException {
    DataFiles.Opened opened = DataFiles.open(file);
    return new BsonDocumentReader(opened.in(), DataFiles.describe(file, opened.gzip()), policy);
  }

  @Override
  public ReadItem next() throws IOException {
    if (failure != null) {
      throw failure;
    }
    if (finished) {
      return null;
    }
    FrameReader.Frame frame = frames.next(false);
    try {
      switch (frame.kind()) {
        case END -> {
          finished = true;
          return null;
        }
        case DOCUMENT -> {
          return document(frame.offset(), frame.bytes());
        }
        default -> throw framingLost(frame);
      }
    } catch (DumpFormatException e) {
      failure = e;
      throw e;
    }
  }

  /** Bytes consumed so far. */
  public long position() {
    return frames.position();
  }

  @Override
  public void close() throws IOException {
    frames.close();
  }
}
