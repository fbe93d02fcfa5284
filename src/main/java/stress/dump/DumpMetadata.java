package stress.dump;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * A collection's {@code .metadata.json} (or an archive entry's metadata string). mongodump has written
 * it in several dialects over the years (plain numbers or canonical Extended JSON, {@code ns} per index,
 * {@code uuid}, {@code collectionName}, {@code type}); only the fields the importer needs are read here,
 * the rest stays available in {@link #json()}.
 *
 * @param json the whole metadata document
 */
public record DumpMetadata(JsonNode json) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public DumpMetadata {
    Objects.requireNonNull(json, "json");
  }

  /**
   * Parses metadata bytes.
   *
   * @param source how to name the file in the error message
   * @throws DumpFormatException naming the source and the byte offset when the JSON is invalid
   */
  public static DumpMetadata parse(byte[] bytes, String source) throws DumpFormatException {
    try {
      JsonNode node = MAPPER.readTree(bytes);
      if (node == null || !node.isObject()) {
        throw new DumpFormatException(source, 0, "metadata is not a JSON object");
      }
      return new DumpMetadata(node);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      long offset = at == null ? 0 : Math.max(0, at.getByteOffset());
      throw new DumpFormatException(source, offset, "invalid metadata JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new DumpFormatException(source, 0, "unreadable metadata JSON: " + e.getMessage());
    }
  }

  /** Parses a metadata string (as found in archive entries); offsets count its UTF-8 bytes. */
  public static DumpMetadata parse(String json, String source) throws DumpFormatException {
    return parse(json.getBytes(StandardCharsets.UTF_8), source);
  }

  /** The {@code type} field: collection, view or timeseries (absent in older dumps). */
  public Optional<String> type() {
    return text(json.path("type"));
  }

  /** The full collection name, written by newer mongodump versions; file names may be escaped or truncated. */
  public Optional<String> collectionName() {
    return text(json.path("collectionName"));
  }

  /** The collection's options ({@code viewOn}, {@code timeseries}, {@code capped}...), possibly missing. */
  public JsonNode options() {
    JsonNode options = json.path("options");
    return options.isObject() ? options : MissingNode.getInstance();
  }

  /** True for a view: {@code type} view, or (older dumps) {@code options.viewOn}. */
  public boolean isView() {
    return type().map("view"::equals).orElse(false) || options().has("viewOn");
  }

  /** True for a time-series collection: {@code type} timeseries, or {@code options.timeseries}. */
  public boolean isTimeseries() {
    return type().map("timeseries"::equals).orElse(false) || options().has("timeseries");
  }

  /** The collection a view reads from, when this is a view. */
  public Optional<String> viewOn() {
    return text(options().path("viewOn"));
  }

  private static Optional<String> text(JsonNode node) {
    return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
  }
}
