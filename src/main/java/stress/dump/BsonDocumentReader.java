package stress.dump;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import org.bson.BsonValue;
import stress.dump.bson.FrameReader;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;

/**
 * Reads a plain BSON stream (a mongodump {@code .bson} file: documents back to back, nothing else),
 * framing each document by its int32 length prefix and decoding it fully with org.bson to check it.
 * Offsets count bytes of the stream as given (uncompressed bytes for {@code .bson.gz}).
 *
 * <p>See {@link DocumentStream} for what {@link #next()} yields and how corrupt input ends the stream.
 */
public final class BsonDocumentReader extends DocumentStream {
  private final FrameReader frames;
  /** The file, when it is read uncompressed: the {@code _id} pass maps it ({@link MappedHeads}). */
  private final Path plainFile;
  private MappedHeads mapped;
  private DumpFormatException failure;
  private boolean finished;

  /**
   * Reads documents from {@code in}, which must already be uncompressed.
   *
   * @param source how to name the input in messages (usually the file path)
   */
  public BsonDocumentReader(InputStream in, String source, ReadPolicy policy) {
    this(in, source, policy, null);
  }

  private BsonDocumentReader(InputStream in, String source, ReadPolicy policy, Path plainFile) {
    super(Objects.requireNonNull(source, "source"), Objects.requireNonNull(policy, "policy"));
    this.frames = new FrameReader(Objects.requireNonNull(in, "in"), 0);
    this.plainFile = plainFile;
  }

  /** Opens a {@code .bson} or gzip-compressed {@code .bson.gz} file (gzip recognised by its magic bytes). */
  public static BsonDocumentReader open(Path file, ReadPolicy policy) throws IOException {
    DataFiles.Opened opened = DataFiles.open(file);
    return new BsonDocumentReader(opened.in(), DataFiles.describe(file, opened.gzip()), policy,
        opened.gzip() ? null : file);
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

  /**
   * Reads the first {@value #ID_HEAD_BYTES} bytes of each larger document and, where its {@code _id} is there (the
   * first field, as a MongoDB server stores it), counts it and skips the rest unread; other documents are read whole.
   * An uncompressed file is read through a memory map as far as its documents allow ({@link MappedHeads}).
   */
  @Override
  public DumpDocument countIds(IdTypeDetector ids, BooleanSupplier stopping) throws IOException {
    withoutDecodeCheck();
    if (plainFile != null && mapped == null) {
      mapped = MappedHeads.open(plainFile);
    }
    BsonValue[] found = new BsonValue[1]; // what the head showed, counted only once the frame proves whole
    while (!stopping.getAsBoolean()) {
      if (failure != null) {
        throw failure;
      }
      if (finished) {
        return null;
      }
      if (mapped != null) {
        frames.skipTo(mapped.count(frames.position(), ID_HEAD_BYTES, ids, stopping, this::countedFromHead));
      }
      FrameReader.Frame frame = frames.nextHead(head -> (found[0] = IdTypeDetector.idInHead(head)) != null,
          ID_HEAD_BYTES);
      try {
        switch (frame.kind()) {
          case END -> finished = true;
          case HEAD -> {
            ids.acceptHeadId(found[0]);
            countedFromHead();
          }
          case DOCUMENT -> {
            DumpDocument document = (DumpDocument) document(frame.offset(), frame.bytes());
            if (!ids.acceptIdOnly(document) && policy() == ReadPolicy.ABORT) {
              return document;
            }
          }
          default -> throw framingLost(frame);
        }
      } catch (DumpFormatException e) {
        failure = e;
        throw e;
      }
    }
    return null;
  }

  /** How much of a document the {@code _id} pass reads before deciding it can skip the rest. */
  static final int ID_HEAD_BYTES = 128;

  /** Bytes consumed so far. */
  public long position() {
    return frames.position();
  }

  @Override
  public void close() throws IOException {
    try (MappedHeads closing = mapped) {
      frames.close();
    }
  }
}
