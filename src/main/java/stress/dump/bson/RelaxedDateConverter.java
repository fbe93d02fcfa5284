package stress.dump.bson;

import java.time.LocalDate;
import org.bson.json.Converter;
import org.bson.json.JsonMode;
import org.bson.json.JsonWriterSettings;
import org.bson.json.StrictJsonWriter;

/**
 * Writes a BSON date in relaxed Extended JSON exactly as org.bson's own relaxed converter does, without its
 * {@code ZonedDateTime.format} call, which profiling showed as a tenth of an import's conversion time for documents
 * with a few dates. Dates from 1970 to 9999 become {@code {"$date": "2024-05-06T07:08:09.12Z"}} (ISO-8601 in UTC,
 * seconds always, the fraction only when not zero and without trailing zeros, as {@code ISO_OFFSET_DATE_TIME}
 * prints it); every other date is handed to org.bson's converter, which writes the canonical form.
 */
public final class RelaxedDateConverter implements Converter<Long> {
  /** 9999-12-31T23:59:59.999Z, the last instant org.bson writes as an ISO string. */
  private static final long LAST_ISO_MILLIS = 253402300799999L;
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final Converter<Long> ORG_BSON = JsonWriterSettings.builder().outputMode(JsonMode.RELAXED).build()
      .getDateTimeConverter();

  @Override
  public void convert(Long value, StrictJsonWriter writer) {
    long millis = value;
    if (!writtenAsIso(millis)) {
      ORG_BSON.convert(value, writer);
      return;
    }
    writer.writeStartObject();
    writer.writeString("$date", iso(millis));
    writer.writeEndObject();
  }

  /** Whether relaxed Extended JSON writes this date as an ISO-8601 string (from 1970 to 9999), else as a number. */
  static boolean writtenAsIso(long millis) {
    return millis >= 0 && millis <= LAST_ISO_MILLIS;
  }

  /** The ISO-8601 text of a date from 1970 to 9999 (milliseconds since the epoch, not negative). */
  public static String iso(long millis) {
    LocalDate day = LocalDate.ofEpochDay(millis / MILLIS_PER_DAY);
    int ofDay = (int) (millis % MILLIS_PER_DAY);
    char[] text = new char[24];
    int at = digits(text, 0, day.getYear(), 4);
    text[at++] = '-';
    at = digits(text, at, day.getMonthValue(), 2);
    text[at++] = '-';
    at = digits(text, at, day.getDayOfMonth(), 2);
    text[at++] = 'T';
    at = digits(text, at, ofDay / 3_600_000, 2);
    text[at++] = ':';
    at = digits(text, at, ofDay / 60_000 % 60, 2);
    text[at++] = ':';
    at = digits(text, at, ofDay / 1000 % 60, 2);
    int fraction = ofDay % 1000;
    if (fraction != 0) {
      text[at++] = '.';
      int width = fraction % 100 == 0 ? 1 : fraction % 10 == 0 ? 2 : 3;
      at = digits(text, at, fraction / (width == 1 ? 100 : width == 2 ? 10 : 1), width);
    }
    text[at++] = 'Z';
    return new String(text, 0, at);
  }

  private static int digits(char[] text, int at, int value, int width) {
    for (int i = at + width - 1; i >= at; i--) {
      text[i] = (char) ('0' + value % 10);
      value /= 10;
    }
    return at + width;
  }
}
