package stress.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import stress.metrics.HistogramCodec;

/**
 * Writes and reads {@link RunResult} JSON files with Jackson, pretty printed. Histograms are written as
 * HdrHistogram's compressed Base64 form (see {@link HistogramCodec}) so they can be decoded and merged
 * exactly; instants as ISO-8601 text. Doubles are written at full precision.
 */
public final class JsonReport {
  private static final ObjectMapper MAPPER = JsonMapper.builder()
      .addModule(resultModule())
      .build();
  // fixed "\n" so files are identical on every platform
  private static final DefaultIndenter INDENTER = new DefaultIndenter("  ", "\n");
  private static final ObjectWriter WRITER = MAPPER.writer(
      new DefaultPrettyPrinter().withObjectIndenter(INDENTER).withArrayIndenter(INDENTER));

  private JsonReport() {}

  /** The configured mapper, for callers that embed results in their own documents. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** The result as pretty printed JSON, lines ending with {@code \n}. */
  public static String toJson(RunResult result) {
    try {
      return WRITER.writeValueAsString(result) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException("could not turn the run result into JSON: " + e.getMessage(), e);
    }
  }

  /** Writes the result to {@code file}, replacing it. */
  public static void write(RunResult result, Path file) {
    String json = toJson(result);
    try {
      Files.writeString(file, json);
    } catch (IOException e) {
      throw new UncheckedIOException("could not write the JSON result file " + file + ": " + reason(e), e);
    }
  }

  /**
   * The system's words for a failure to open or write a file ({@code Permission denied}), where the exception's own
   * message is only the path again.
   */
  public static String reason(IOException e) {
    if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "No such file or directory";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** Reads a result written by {@link #write}. */
  public static RunResult read(Path file) {
    try {
      return MAPPER.readValue(file.toFile(), RunResult.class);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the JSON result file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Reads a result from JSON text. */
  public static RunResult fromJson(String json) {
    try {
      return MAPPER.readValue(json, RunResult.class);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the run result JSON: " + e.getMessage(), e);
    }
  }

  private static SimpleModule resultModule() {
    SimpleModule module = new SimpleModule("stress-results");
    module.addSerializer(AbstractHistogram.class, new HistogramSerializer());
    module.addDeserializer(Histogram.class, new HistogramDeserializer());
    module.addSerializer(Instant.class, new InstantSerializer());
    module.addDeserializer(Instant.class, new InstantDeserializer());
    return module;
  }

  private static final class HistogramSerializer extends StdScalarSerializer<AbstractHistogram> {
    HistogramSerializer() {
      super(AbstractHistogram.class);
    }

    @Override
    public void serialize(AbstractHistogram histogram, JsonGenerator out, SerializerProvider provider) throws IOException {
      out.writeString(HistogramCodec.toBase64(histogram));
    }
  }

  private static final class HistogramDeserializer extends StdScalarDeserializer<Histogram> {
    HistogramDeserializer() {
      super(Histogram.class);
    }

    @Override
    public Histogram deserialize(JsonParser in, DeserializationContext context) throws IOException {
      String text = in.getValueAsString();
      if (text == null) {
        return (Histogram) context.handleUnexpectedToken(Histogram.class, in);
      }
      try {
        return HistogramCodec.fromBase64(text);
      } catch (IllegalArgumentException e) {
        throw context.weirdStringException(text, Histogram.class, e.getMessage());
      }
    }
  }

  private static final class InstantSerializer extends StdScalarSerializer<Instant> {
    InstantSerializer() {
      super(Instant.class);
    }

    @Override
    public void serialize(Instant instant, JsonGenerator out, SerializerProvider provider) throws IOException {
      out.writeString(instant.toString());
    }
  }

  private static final class InstantDeserializer extends StdScalarDeserializer<Instant> {
    InstantDeserializer() {
      super(Instant.class);
    }

    @Override
    public Instant deserialize(JsonParser in, DeserializationContext context) throws IOException {
      String text = in.getValueAsString();
      if (text == null) {
        return (Instant) context.handleUnexpectedToken(Instant.class, in);
      }
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException e) {
        throw context.weirdStringException(text, Instant.class, "expected an ISO-8601 instant such as 2025-01-31T12:00:00Z");
      }
    }
  }
}
