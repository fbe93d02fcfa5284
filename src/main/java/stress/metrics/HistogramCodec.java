package stress.metrics;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram's compressed encoding in Base64, the form used by .hlog files, so histograms written
 * into results can be decoded and merged exactly later (e.g. results of several client processes).
 */
public final class HistogramCodec {
  private HistogramCodec() {}

  /** The histogram in HdrHistogram's compressed form, Base64 encoded. */
  public static String toBase64(AbstractHistogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /** Decodes {@link #toBase64} output. */
  public static Histogram fromBase64(String base64) {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a Base64 encoded histogram: " + abbreviate(base64), e);
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("not a compressed HdrHistogram: " + abbreviate(base64) + " (" + e + ")", e);
    }
  }

  private static String abbreviate(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
