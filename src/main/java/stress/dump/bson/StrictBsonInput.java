package stress.dump.bson;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.bson.BsonSerializationException;
import org.bson.ByteBufNIO;
import org.bson.io.BsonInput;
import org.bson.io.BsonInputMark;
import org.bson.io.ByteBufferBsonInput;
import org.bson.types.ObjectId;

/**
 * org.bson's own {@link ByteBufferBsonInput} over one document, plus a strict UTF-8 check of every
 * string and field name before it is decoded. Needed because org.bson decodes strings with
 * {@code new String(bytes, UTF_8)}, which silently replaces malformed bytes by U+FFFD: that would
 * change data without a word. Array index names are skipped by the reader (arrays are positional)
 * and therefore not checked.
 */
final class StrictBsonInput implements BsonInput {
  private final byte[] bytes;
  private final ByteBufferBsonInput delegate;
  private CharsetDecoder decoder;

  StrictBsonInput(byte[] bytes) {
    this.bytes = bytes;
    this.delegate = new ByteBufferBsonInput(new ByteBufNIO(ByteBuffer.wrap(bytes)));
  }

  @Override
  public String readString() {
    int position = delegate.getPosition();
    if (position + 4 <= bytes.length) {
      int size = littleEndianInt(position);
      // Malformed sizes are left to the delegate, which reports them in its own words.
      if (size > 0 && position + 4L + size <= bytes.length) {
        checkUtf8(position + 4, size - 1);
      }
    }
    return delegate.readString();
  }

  @Override
  public String readCString() {
    int position = delegate.getPosition();
    for (int end = position; end < bytes.length; end++) {
      if (bytes[end] == 0) {
        checkUtf8(position, end - position);
        break;
      }
    }
    return delegate.readCString();
  }

  private void checkUtf8(int start, int length) {
    for (int i = start; i < start + length; i++) {
      if (bytes[i] < 0) {
        decodeStrictly(start, length);
        return;
      }
    }
  }

  private void decodeStrictly(int start, int length) {
    if (decoder == null) {
      decoder = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
    }
    try {
      decoder.reset().decode(ByteBuffer.wrap(bytes, start, length));
    } catch (CharacterCodingException e) {
      throw new BsonSerializationException("invalid UTF-8 in a string starting at byte " + start
          + " of the document");
    }
  }

  private int littleEndianInt(int at) {
    return (bytes[at] & 0xff) | (bytes[at + 1] & 0xff) << 8 | (bytes[at + 2] & 0xff) << 16
        | (bytes[at + 3] & 0xff) << 24;
  }

  @Override
  public int getPosition() {
    return delegate.getPosition();
  }

  @Override
  public byte readByte() {
    return delegate.readByte();
  }

  @Override
  public void readBytes(byte[] target) {
    delegate.readBytes(target);
  }

  @Override
  public void readBytes(byte[] target, int offset, int length) {
    delegate.readBytes(target, offset, length);
  }

  @Override
  public long readInt64() {
    return delegate.readInt64();
  }

  @Override
  public double readDouble() {
    return delegate.readDouble();
  }

  @Override
  public int readInt32() {
    return delegate.readInt32();
  }

  @Override
  public ObjectId readObjectId() {
    return delegate.readObjectId();
  }

  @Override
  public void skipCString() {
    delegate.skipCString();
  }

  @Override
  public void skip(int numBytes) {
    delegate.skip(numBytes);
  }

  @Override
  public BsonInputMark getMark(int readLimit) {
    return delegate.getMark(readLimit);
  }

  @Override
  public boolean hasRemaining() {
    return delegate.hasRemaining();
  }

  @Override
  public void close() {
    delegate.close();
  }
}
