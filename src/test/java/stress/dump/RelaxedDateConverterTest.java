package stress.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.junit.jupiter.api.Test;
import stress.dump.bson.BsonJson;
import stress.dump.bson.JsonFormat;
import stress.dump.bson.RelaxedDateConverter;

/** The relaxed date converter writes what org.bson's own relaxed converter writes, for every kind of date. */
class RelaxedDateConverterTest {
  private static final JsonWriterSettings ORG_BSON = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build();

  @Test
  void writesTheSameTextAsOrgBsonForEdgeAndRandomDates() {
    List<Long> dates = new ArrayList<>(List.of(0L, 1L, 10L, 100L, 120L, 999L, 1000L, 59_999L, 86_399_999L,
        86_400_000L, 951_782_400_000L /* 2000-02-29 */, 253_402_300_799_999L, 253_402_300_800_000L, -1L,
        Long.MIN_VALUE, Long.MAX_VALUE, 4_102_444_800_000L /* 2100-03-01 */));
    Random random = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      long millis = Math.floorMod(random.nextLong(), 253_402_300_800_000L);
      dates.add(i % 4 == 0 ? millis - millis % 1000 + random.nextInt(10) * 100 : millis);
    }
    for (int i = 0; i < 1000; i++) {
      dates.add(-Math.floorMod(random.nextLong(), 62_135_596_800_000L)); // before 1970, down to year 1
    }
    for (long millis : dates) {
      byte[] bytes = Bson.bytes(new BsonDocument("d", new BsonDateTime(millis)));
      String expected = new RawBsonDocument(bytes).toJson(ORG_BSON);
      assertEquals(expected, BsonJson.toJson(bytes, JsonFormat.RELAXED), "date " + millis);
      if (millis >= 0 && millis <= 253_402_300_799_999L) {
        assertEquals(ZonedDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneId.of("Z"))
            .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), RelaxedDateConverter.iso(millis), "date " + millis);
      }
    }
  }
}
