package stress.metrics;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * A latency histogram (nanoseconds) kept in HdrHistogram's compressed encoding. A phase keeps one per
 * operation and report interval: a plain histogram tracking up to one hour takes about 270 KB whatever it
 * holds, its compressed form a few hundred bytes to a few KB. Immutable.
 */
public final class CompressedHistogram {
  private final byte[] bytes;
  private final long totalCount;
  private final long maxValue;

  private CompressedHistogram(byte[] bytes, long totalCount, long maxValue) {
    this.bytes = bytes;
    this.totalCount = totalCount;
    this.maxValue = maxValue;
  }

  /** Compresses a copy of {@code histogram}'s content; the histogram itself is not kept. */
  public static CompressedHistogram of(AbstractHistogram histogram) {
    return of(histogram, ByteBuffer.allocate(histogram.getNeededByteBufferCapacity()));
  }

  /** As {@link #of(AbstractHistogram)}, encoding through {@code scratch} (reused between calls when large enough). */
  static CompressedHistogram of(AbstractHistogram histogram, ByteBuffer scratch) {
    ByteBuffer buffer = scratch.capacity() >= histogram.getNeededByteBufferCapacity()
        ? scratch : ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    buffer.clear();
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return new CompressedHistogram(bytes, histogram.getTotalCount(), histogram.getMaxValue());
  }

  /** A new histogram with the recorded values. */
  public Histogram decode() {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException e) {
      throw new IllegalStateException("a histogram compressed by this process did not decode: " + e.getMessage(), e);
    }
  }

  /** Number of recorded values. */
  public long totalCount() {
    return totalCount;
  }

  /** Largest recorded value (HdrHistogram's highest equivalent value), 0 when empty. */
  public long maxValue() {
    return maxValue;
  }

  /** Size of the compressed form in bytes. */
  public int compressedBytes() {
    return bytes.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CompressedHistogram other && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  @Override
  public String toString() {
    return "CompressedHistogram[count=" + totalCount + ", max=" + maxValue + " ns, " + bytes.length + " bytes]";
  }
}
