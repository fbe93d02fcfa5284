package stress.dump.generate;

/**
 * Word lists the generated documents draw from. A few entries carry non-ASCII letters and double quotes on
 * purpose, so that generated data exercises the same escaping paths real data does. None contains a NUL
 * or another control character: jsonb cannot store {@code \u0000}.
 */
final class Vocabulary {
  private Vocabulary() {}

  /** Geohash prefixes (3 characters, ~150 km) of busy cities, so check-ins cluster like real ones. */
  static final String[] GEOHASH_PREFIXES = {
      "wx4", "wtw", "ws0", "ws1", "wm6", "dr5", "dr7", "9q8", "9q5", "gcp", "u09", "u33", "xn7", "xn3",
      "tdr", "tsq", "r3g", "6gy", "f25", "dp3",
  };

  /** The geohash alphabet (base 32 without a, i, l, o). */
  static final char[] GEOHASH_ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz".toCharArray();

  static final String[] FIRST_NAMES = {
      "Olivia", "Liam", "Emma", "Noah", "Ava", "Mateo", "Sophia", "Lucas", "Mia", "Ethan", "Chloé", "José",
      "Zoë", "Łukasz", "Søren", "Jürgen", "Ana María", "Wei", "Yuki", "Priya", "Aarav", "Fatima", "Omar",
      "Ingrid", "Mei", "Hiroshi", "Isabella", "Kwame", "Nadia", "Renée", "Björn", "Siobhán", "Dmitri",
  };

  static final String[] LAST_NAMES = {
      "Smith", "Johnson", "García", "Müller", "Rossi", "Dubois", "Kowalski", "Nakamura", "Wang", "Li",
      "Zhang", "Kim", "Singh", "Patel", "O'Brien", "Nguyen", "Silva", "Jensen", "Novák", "Yılmaz",
      "Andersson", "Okafor", "Haddad", "Ivanova", "Fernández", "Brown", "Taylor", "Martin", "Lefèvre",
  };

  static final String[] EMAIL_DOMAINS = {
      "example.com", "mail.example.org", "inbox.example.net", "post.example.de", "example.co.jp",
  };

  /** City, region, country code, postal code pattern (# = digit, A = letter), latitude, longitude. */
  static final City[] CITIES = {
      new City("Beijing", "Beijing", "CN", "1000##", 39.90, 116.40),
      new City("Shanghai", "Shanghai", "CN", "2000##", 31.23, 121.47),
      new City("Hangzhou", "Zhejiang", "CN", "3100##", 30.27, 120.15),
      new City("New York", "NY", "US", "100##", 40.71, -74.01),
      new City("San Francisco", "CA", "US", "941##", 37.77, -122.42),
      new City("Chicago", "IL", "US", "606##", 41.88, -87.63),
      new City("London", "England", "GB", "EC#A #AA", 51.51, -0.13),
      new City("Paris", "Île-de-France", "FR", "750##", 48.86, 2.35),
      new City("München", "Bayern", "DE", "80###", 48.14, 11.58),
      new City("Zürich", "ZH", "CH", "80##", 47.37, 8.54),
      new City("São Paulo", "SP", "BR", "01###-###", -23.55, -46.63),
      new City("Tokyo", "東京都", "JP", "1##-####", 35.68, 139.69),
      new City("Sydney", "NSW", "AU", "2###", -33.87, 151.21),
      new City("Toronto", "ON", "CA", "M#A #A#", 43.65, -79.38),
      new City("Mumbai", "Maharashtra", "IN", "4000##", 19.08, 72.88),
  };

  static final String[] STREET_NAMES = {
      "Main Street", "Oak Avenue", "Maple Road", "Station Road", "Harbour Drive", "Hauptstraße", "Rue de Rivoli",
      "Nanjing Road", "Elm Street", "Park Lane", "Via Roma", "Avenida Paulista", "King Street", "Lakeview Terrace",
  };

  static final String[] ORDER_STATUSES = {
      "placed", "paid", "packed", "shipped", "delivered", "delivered", "delivered", "cancelled", "returned",
  };

  static final String[] CHANNELS = {"web", "web", "app", "app", "store", "phone"};

  static final String[] TIERS = {"bronze", "bronze", "silver", "silver", "gold", "platinum"};

  static final String[] SHIPPING_METHODS = {"standard", "standard", "express", "next-day", "pickup"};

  static final String[] CARRIERS = {"UPS", "FedEx", "DHL", "SF Express", "La Poste", "Yamato", "USPS"};

  static final String[] PAYMENT_METHODS = {"card", "card", "card", "paypal", "alipay", "bank-transfer", "gift-card"};

  static final String[] CARD_BRANDS = {"visa", "mastercard", "amex", "unionpay", "jcb"};

  static final String[] CURRENCIES = {"USD", "EUR", "CNY", "GBP", "JPY", "BRL", "CHF"};

  static final String[] CATEGORIES = {
      "electronics", "home & kitchen", "books", "toys", "sports", "garden", "clothing", "beauty", "grocery",
      "office", "automotive", "pet supplies",
  };

  static final String[] PRODUCT_ADJECTIVES = {
      "Compact", "Deluxe", "Ergonomic", "Wireless", "Stainless", "Organic", "Portable", "Heavy-Duty", "Vintage",
      "Smart", "Ultra-Light", "Waterproof", "Handmade", "Classic", "Foldable",
  };

  static final String[] PRODUCT_NOUNS = {
      "Desk Lamp", "Water Bottle", "Headphones", "Backpack", "Coffee Grinder", "Yoga Mat", "Notebook",
      "15\" Laptop Sleeve", "Chef's Knife", "Garden Hose", "Phone Case", "Running Shoes", "Board Game",
      "Tea Kettle", "Bluetooth Speaker", "Rain Jacket", "Dog Leash", "Face Cream", "Office Chair", "Bike Light",
  };

  static final String[] COLORS = {"black", "white", "red", "navy", "olive", "grey", "sand", "teal", "rosé"};

  static final String[] SIZES = {"XS", "S", "M", "L", "XL", "one size", "38", "40", "42", "44"};

  static final String[] TAGS = {
      "bestseller", "new", "eco", "sale", "limited", "gift", "bundle", "clearance", "premium", "imported",
  };

  static final String[] AGENTS = {"system", "system", "system", "agent:alice", "agent:bo", "agent:chen", "warehouse-7"};

  static final String[] NOTE_WORDS = {
      "please", "leave", "the", "parcel", "at", "front", "door", "call", "before", "delivery", "customer",
      "asked", "for", "gift", "wrapping", "fragile", "handle", "with", "care", "no", "plastic", "packaging",
      "back", "entrance", "reception", "closed", "on", "weekends", "repeat", "order", "discount", "applied",
      "by", "support", "ticket", "replacement", "sent", "after", "damaged", "item", "reported", "—", "thanks!",
  };

  /** A city with what an address and a location need. */
  record City(String name, String region, String country, String postalPattern, double latitude, double longitude) {}
}
