package stress.dump.generate;

import java.util.Locale;
import org.bson.BsonWriter;
import stress.model.Shape;

/**
 * Writes the {@link Shape#LARGE} document: a shop order with its customer, shipping, payment, line items and
 * status history. It mixes the BSON types real documents have (nested documents, arrays, strings, int32,
 * int64, double, boolean, date, null) and varies the number of items and the length of the notes, so sizes
 * spread around the seed's 3 KiB average.
 */
final class OrderWriter {
  /** 2018-01-01T00:00:00Z; orders spread over the following seven years. */
  private static final long FIRST_MILLI = 1_514_764_800_000L;
  private static final long SPAN_MILLIS = 7L * 365 * 24 * 3600 * 1000;
  private static final long HOUR_MILLIS = 3600_000L;
  private static final long DAY_MILLIS = 24 * HOUR_MILLIS;

  private OrderWriter() {}

  static void write(BsonWriter writer, long id, DocumentRandom random) {
    long created = FIRST_MILLI + (long) (random.nextDouble() * SPAN_MILLIS);
    String status = random.pick(Vocabulary.ORDER_STATUSES);
    int historySteps = random.between(2, 6);
    long updated = created + historySteps * (long) random.between(1, 30) * HOUR_MILLIS;

    DocumentGenerator.writeId(writer, id);
    writer.writeString("orderNo", String.format(Locale.ROOT, "SO-%d-%09d", 2018 + (created - FIRST_MILLI) / (365 * DAY_MILLIS), id));
    writer.writeString("status", status);
    writer.writeString("channel", random.pick(Vocabulary.CHANNELS));
    writer.writeDateTime("createdAt", created);
    writer.writeDateTime("updatedAt", updated);
    writer.writeBoolean("priority", random.chance(0.1));
    if (random.chance(0.8)) {
      writer.writeNull("giftMessage");
    } else {
      writer.writeString("giftMessage", sentence(random, random.between(4, 12)));
    }

    Vocabulary.City city = random.pick(Vocabulary.CITIES);
    String first = random.pick(Vocabulary.FIRST_NAMES);
    String last = random.pick(Vocabulary.LAST_NAMES);
    writeCustomer(writer, random, created, city, first, last);
    writeShipping(writer, random, created, city, first, last);

    int itemCount = random.between(3, 10);
    double subtotal = writeItems(writer, random, itemCount);
    double discount = random.chance(0.3) ? Math.round(subtotal * random.between(5, 20)) / 100.0 : 0.0;
    double tax = Math.round((subtotal - discount) * 8) / 100.0;
    double shippingCost = random.money(0, 25);
    String currency = random.pick(Vocabulary.CURRENCIES);
    double grandTotal = Math.round((subtotal - discount + tax + shippingCost) * 100) / 100.0;
    writePayment(writer, random, grandTotal, currency, !"placed".equals(status));

    writer.writeStartDocument("totals");
    writer.writeInt32("itemCount", itemCount);
    writer.writeDouble("subtotal", Math.round(subtotal * 100) / 100.0);
    writer.writeDouble("discount", discount);
    writer.writeDouble("tax", tax);
    writer.writeDouble("shipping", shippingCost);
    writer.writeDouble("grandTotal", grandTotal);
    writer.writeString("currency", currency);
    writer.writeEndDocument();

    writer.writeStartArray("history");
    long at = created;
    for (int step = 0; step < historySteps; step++) {
      writer.writeStartDocument();
      writer.writeString("status", step == historySteps - 1 ? status : random.pick(Vocabulary.ORDER_STATUSES));
      writer.writeDateTime("at", at);
      writer.writeString("by", random.pick(Vocabulary.AGENTS));
      writer.writeEndDocument();
      at += (updated - created) / historySteps;
    }
    writer.writeEndArray();

    writer.writeString("notes", sentence(random, random.between(0, 30)));
  }

  private static void writeCustomer(BsonWriter writer, DocumentRandom random, long created,
      Vocabulary.City city, String first, String last) {
    long customerId = 10_000_000_000L + random.nextInt(900_000_000);
    writer.writeStartDocument("customer");
    writer.writeInt64("customerId", customerId);
    writer.writeStartDocument("name");
    writer.writeString("first", first);
    writer.writeString("last", last);
    writer.writeEndDocument();
    writer.writeString("email", (first + "." + last).toLowerCase(Locale.ROOT).replace(' ', '.')
        + customerId % 1000 + "@" + random.pick(Vocabulary.EMAIL_DOMAINS));
    writer.writeString("phone", String.format(Locale.ROOT, "+%d %03d %04d %04d", random.between(1, 99), random.nextInt(1000),
        random.nextInt(10000), random.nextInt(10000)));
    writer.writeString("tier", random.pick(Vocabulary.TIERS));
    writer.writeDateTime("memberSince", created - random.between(1, 3000) * DAY_MILLIS);
    writer.writeBoolean("marketingOptIn", random.chance(0.4));
    writer.writeInt32("lifetimeOrders", random.between(1, 250));
    writeAddress(writer, "address", random, city);
    writer.writeEndDocument();
  }

  private static void writeShipping(BsonWriter writer, DocumentRandom random, long created,
      Vocabulary.City city, String first, String last) {
    writer.writeStartDocument("shipping");
    writer.writeString("method", random.pick(Vocabulary.SHIPPING_METHODS));
    writer.writeString("carrier", random.pick(Vocabulary.CARRIERS));
    writer.writeString("trackingNo", String.format(Locale.ROOT, "1Z%04X%08X", random.nextInt(65536), random.nextLong() & 0xFFFFFFFFL));
    writer.writeString("recipient", first + " " + last);
    // Most orders ship to the customer's city, some elsewhere.
    writeAddress(writer, "address", random, random.chance(0.8) ? city : random.pick(Vocabulary.CITIES));
    writer.writeDateTime("estimatedDelivery", created + random.between(1, 10) * DAY_MILLIS);
    writer.writeBoolean("signatureRequired", random.chance(0.2));
    writer.writeEndDocument();
  }

  private static void writeAddress(BsonWriter writer, String name, DocumentRandom random, Vocabulary.City city) {
    writer.writeStartDocument(name);
    writer.writeString("street", random.between(1, 999) + " " + random.pick(Vocabulary.STREET_NAMES));
    writer.writeString("city", city.name());
    writer.writeString("region", city.region());
    writer.writeString("postalCode", postalCode(random, city.postalPattern()));
    writer.writeString("country", city.country());
    writer.writeStartDocument("location");
    writer.writeString("type", "Point");
    writer.writeStartArray("coordinates");
    writer.writeDouble(Math.round((city.longitude() + random.nextDouble() * 0.2 - 0.1) * 1e6) / 1e6);
    writer.writeDouble(Math.round((city.latitude() + random.nextDouble() * 0.2 - 0.1) * 1e6) / 1e6);
    writer.writeEndArray();
    writer.writeEndDocument();
    writer.writeEndDocument();
  }

  private static double writeItems(BsonWriter writer, DocumentRandom random, int itemCount) {
    double subtotal = 0;
    writer.writeStartArray("items");
    for (int line = 1; line <= itemCount; line++) {
      int quantity = random.chance(0.7) ? 1 : random.between(2, 6);
      double unitPrice = random.money(1, 400);
      subtotal += quantity * unitPrice;
      writer.writeStartDocument();
      writer.writeInt32("lineNo", line);
      writer.writeString("sku", String.format(Locale.ROOT, "SKU-%06d", random.nextInt(1_000_000)));
      writer.writeString("name", random.pick(Vocabulary.PRODUCT_ADJECTIVES) + " " + random.pick(Vocabulary.PRODUCT_NOUNS));
      writer.writeString("category", random.pick(Vocabulary.CATEGORIES));
      writer.writeInt32("quantity", quantity);
      writer.writeDouble("unitPrice", unitPrice);
      writer.writeStartArray("tags");
      for (int tag = random.between(0, 3); tag > 0; tag--) {
        writer.writeString(random.pick(Vocabulary.TAGS));
      }
      writer.writeEndArray();
      writer.writeStartDocument("attributes");
      writer.writeString("color", random.pick(Vocabulary.COLORS));
      writer.writeString("size", random.pick(Vocabulary.SIZES));
      writer.writeInt32("weightGrams", random.between(20, 15_000));
      writer.writeEndDocument();
      writer.writeBoolean("backordered", random.chance(0.05));
      writer.writeEndDocument();
    }
    writer.writeEndArray();
    return subtotal;
  }

  private static void writePayment(BsonWriter writer, DocumentRandom random, double amount, String currency,
      boolean captured) {
    String method = random.pick(Vocabulary.PAYMENT_METHODS);
    writer.writeStartDocument("payment");
    writer.writeString("method", method);
    if ("card".equals(method)) {
      writer.writeStartDocument("card");
      writer.writeString("brand", random.pick(Vocabulary.CARD_BRANDS));
      writer.writeString("last4", String.format(Locale.ROOT, "%04d", random.nextInt(10000)));
      writer.writeInt32("expMonth", random.between(1, 12));
      writer.writeInt32("expYear", random.between(2025, 2032));
      writer.writeEndDocument();
    }
    writer.writeDouble("amount", amount);
    writer.writeString("currency", currency);
    writer.writeBoolean("captured", captured);
    writer.writeInt64("transactionId", random.nextLong() & Long.MAX_VALUE);
    writer.writeEndDocument();
  }

  private static String postalCode(DocumentRandom random, String pattern) {
    StringBuilder code = new StringBuilder(pattern.length());
    for (char c : pattern.toCharArray()) {
      if (c == '#') {
        code.append((char) ('0' + random.nextInt(10)));
      } else if (c == 'A') {
        code.append((char) ('A' + random.nextInt(26)));
      } else {
        code.append(c);
      }
    }
    return code.toString();
  }

  private static String sentence(DocumentRandom random, int words) {
    StringBuilder text = new StringBuilder(words * 7);
    for (int i = 0; i < words; i++) {
      if (i > 0) {
        text.append(' ');
      }
      text.append(random.pick(Vocabulary.NOTE_WORDS));
    }
    return text.toString();
  }
}
