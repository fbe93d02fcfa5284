package stress.dump;

/**
 * CRC-64 with the ECMA-182 polynomial in reflected form, initial value and final XOR all ones
 * (CRC-64/XZ): the checksum mongodump writes in an archive's EOF header for each namespace, computed
 * over the bytes of all the namespace's documents. No JDK class computes it, hence this small table.
 * Public because the archive writer of generated dumps checksums with the same code the reader checks with.
 */
public final class Crc64 {
  private static final long REFLECTED_ECMA = 0xC96C5795D7870F42L;
  private static final long[] TABLE = new long[256];

  static {
    for (int i = 0; i < 256; i++) {
      long crc = i;
      for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 1) != 0 ? (crc >>> 1) ^ REFLECTED_ECMA : crc >>> 1;
      }
      TABLE[i] = crc;
    }
  }

  private long crc;

  /** Adds bytes; the result does not depend on how the input is split. */
  public void update(byte[] bytes) {
    update(bytes, 0, bytes.length);
  }

  /** Adds {@code length} bytes of {@code bytes} from {@code offset}. */
  public void update(byte[] bytes, int offset, int length) {
    long value = ~crc;
    for (int i = offset; i < offset + length; i++) {
      value = TABLE[(int) ((value ^ bytes[i]) & 0xff)] ^ (value >>> 8);
    }
    crc = ~value;
  }

  /** The checksum of everything added so far, as the signed int64 stored in the archive. */
  public long value() {
    return crc;
  }
}
