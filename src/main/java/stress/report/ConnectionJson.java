package stress.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A phase's {@code connection} in result.json: its settings as text, the pooler's figures ({@code pooler ...}, counts
 * and milliseconds) as JSON numbers, written with the digits they were given so a result read back is the same text.
 */
final class ConnectionJson extends StdSerializer<Map<String, String>> {
  /** The keys of the pooler's figures ({@code stress.server.pooler.PoolerFigures#toReport}). */
  static final String POOLER_FIGURE = "pooler ";
  private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");

  @SuppressWarnings({"unchecked", "rawtypes"})
  ConnectionJson() {
    super((Class<Map<String, String>>) (Class) Map.class);
  }

  @Override
  public void serialize(Map<String, String> connection, JsonGenerator json, SerializerProvider provider)
      throws IOException {
    json.writeStartObject();
    for (Map.Entry<String, String> e : connection.entrySet()) {
      json.writeFieldName(e.getKey());
      String value = e.getValue();
      if (value != null && e.getKey().startsWith(POOLER_FIGURE) && NUMBER.matcher(value).matches()) {
        json.writeNumber(new BigDecimal(value));
      } else {
        json.writeString(value);
      }
    }
    json.writeEndObject();
  }
}
