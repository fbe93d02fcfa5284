package stress.mongo.filter;

import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.BsonDocument;
import org.bson.BsonRegularExpression;
import org.bson.BsonValue;

/**
 * A MongoDB regular expression (PCRE, with options i, m, s, x, u) written as a PostgreSQL advanced regular
 * expression (ARE) that matches the same strings, for {@code text ~ 'are'} on text in {@code COLLATE "C"} (classes
 * such as {@code \w} and {@code \d} and case folding are then ASCII, as in MongoDB, whose PCRE does not enable
 * Unicode properties). The ARE runs in its default mode (not newline-sensitive), and what differs is written out:
 * {@code .} without {@code s} is {@code [^\n]}; {@code $} is {@code (?=\n?\Z)} (PCRE's end, or before a final
 * newline), with {@code m} {@code (?=\n|\Z)}; {@code ^} with {@code m} matches after a newline that is not the
 * last character; {@code \b} is {@code \y}; {@code \xhh} a {@code &#92;u} escape of exactly that code point;
 * {@code x} drops white space and {@code #} comments outside classes here. Constructs whose meaning differs or that
 * an ARE lacks are refused with the rule: back references, possessive quantifiers, named groups, inline options,
 * atomic groups, verbs, Unicode properties, {@code \Q...\E}, bounds above 255, and option {@code i} with a
 * non-ASCII letter in the pattern (PCRE folds its case, PostgreSQL's "C" collation does not).
 */
final class MongoRegex {
  private static final Pattern BOUND = Pattern.compile("\\{(\\d+)(,(\\d*))?\\}");
  private static final Set<String> POSIX = Set.of("alpha", "digit", "alnum", "upper", "lower", "space", "punct",
      "print", "graph", "cntrl", "xdigit", "blank");
  private static final String OPTIONS = "imsxu";
  private final String pattern;
  private final boolean multiline;
  private final boolean dotAll;
  private final boolean extended;
  private final boolean caseless;
  private final StringBuilder out = new StringBuilder();
  private int i;

  private MongoRegex(String pattern, String options) {
    for (char c : options.toCharArray()) {
      if (OPTIONS.indexOf(c) < 0) {
        throw refused("option '" + c + "' is not one of MongoDB's (i, m, s, x, u)");
      }
    }
    this.pattern = pattern;
    this.caseless = options.indexOf('i') >= 0;
    this.multiline = options.indexOf('m') >= 0;
    this.dotAll = options.indexOf('s') >= 0;
    this.extended = options.indexOf('x') >= 0;
  }

  /** The ARE for a MongoDB pattern and options. */
  static String are(BsonRegularExpression r) {
    try {
      MongoRegex m = new MongoRegex(r.getPattern(), r.getOptions());
      m.translate();
      return (m.caseless ? "(?i)" : "") + m.out;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("$regex /" + r.getPattern() + "/" + r.getOptions() + ": " + e.getMessage(), e);
    }
  }

  /**
   * An operator document with {@code $regex} (a string or a regular expression) and its {@code $options} as one
   * {@code $regex} entry holding the regular expression; other documents as they are.
   */
  static BsonDocument operators(BsonDocument ops) {
    if (!ops.containsKey("$regex") && !ops.containsKey("$options")) {
      return ops;
    }
    BsonValue regex = ops.get("$regex");
    BsonValue options = ops.get("$options");
    if (regex == null) {
      throw new IllegalArgumentException("$options needs a $regex beside it");
    }
    if (options != null && !options.isString()) {
      throw new IllegalArgumentException("$options needs a string, got " + FilterTranslator.typeName(options));
    }
    String extra = options == null ? "" : options.asString().getValue();
    BsonRegularExpression r;
    if (regex.isString()) {
      r = new BsonRegularExpression(regex.asString().getValue(), extra);
    } else if (regex.isRegularExpression()) {
      if (!extra.isEmpty() && !regex.asRegularExpression().getOptions().isEmpty()) {
        throw new IllegalArgumentException("$regex: options given both in the regular expression and in $options");
      }
      r = new BsonRegularExpression(regex.asRegularExpression().getPattern(),
          regex.asRegularExpression().getOptions() + extra);
    } else {
      throw new IllegalArgumentException("$regex needs a string or a regular expression, got "
          + FilterTranslator.typeName(regex));
    }
    BsonDocument out = new BsonDocument();
    for (Map.Entry<String, BsonValue> e : ops.entrySet()) {
      if (e.getKey().equals("$regex")) {
        out.put("$regex", r);
      } else if (!e.getKey().equals("$options")) {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private void translate() {
    boolean atom = false; // something a quantifier may follow was written last
    while (i < pattern.length()) {
      char c = pattern.charAt(i++);
      if (caseless && c > 127 && Character.isLetter(c)) {
        throw refused("option i with the non-ASCII letter '" + c + "': PCRE folds its case, PostgreSQL's \"C\""
            + " collation folds ASCII letters only");
      }
      if (extended && (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')) {
        continue;
      }
      if (extended && c == '#') {
        int end = pattern.indexOf('\n', i);
        i = end < 0 ? pattern.length() : end + 1;
        continue;
      }
      switch (c) {
        case '\\' -> atom = escape(false);
        case '[' -> {
          klass();
          atom = true;
        }
        case '(' -> {
          group();
          atom = false;
        }
        case ')' -> {
          out.append(')');
          atom = true;
        }
        case '|' -> {
          out.append('|');
          atom = false;
        }
        case '.' -> {
          out.append(dotAll ? "." : "[^\\n]");
          atom = true;
        }
        case '^' -> {
          out.append(multiline ? "(?:^|(?<=\\n)(?=.))" : "^");
          atom = false;
        }
        case '$' -> {
          out.append(multiline ? "(?=\\n|\\Z)" : "(?=\\n?\\Z)");
          atom = false;
        }
        case '*', '+', '?' -> {
          quantified(atom, String.valueOf(c));
          atom = false;
        }
        case '{' -> {
          Matcher m = BOUND.matcher(pattern).region(i - 1, pattern.length());
          if (m.lookingAt()) {
            checkBound(m.group(1));
            if (m.group(3) != null && !m.group(3).isEmpty()) {
              checkBound(m.group(3));
            }
            i = m.end();
            quantified(atom, m.group());
            atom = false;
          } else if (pattern.startsWith("{,", i - 1)) {
            throw refused("'{,' is a bound in newer PCRE and a literal in older: write \\{ or {0,n}");
          } else {
            out.append("\\{");
            atom = true;
          }
        }
        case '}', ']' -> {
          out.append('\\').append(c);
          atom = true;
        }
        default -> {
          out.append(c);
          atom = true;
        }
      }
    }
  }

  private void quantified(boolean atom, String quantifier) {
    if (!atom) {
      throw refused("the quantifier '" + quantifier + "' follows nothing it can repeat");
    }
    out.append(quantifier);
    if (i < pattern.length() && pattern.charAt(i) == '+') {
      throw refused("possessive quantifiers ('" + quantifier + "+') are not supported");
    }
    if (i < pattern.length() && pattern.charAt(i) == '?') {
      out.append('?'); // lazy: the same strings match
      i++;
    }
  }

  private static void checkBound(String n) {
    if (n.length() > 3 || Integer.parseInt(n) > 255) {
      throw refused("a bound above 255 ({" + n + "}) is not supported");
    }
  }

  private void group() {
    if (pattern.startsWith("*", i)) {
      throw refused("verbs such as (*UCP) are not supported");
    }
    if (!pattern.startsWith("?", i)) {
      out.append('(');
      return;
    }
    for (String kind : new String[] {"?:", "?=", "?!", "?<=", "?<!"}) {
      if (pattern.startsWith(kind, i)) {
        out.append('(').append(kind);
        i += kind.length();
        return;
      }
    }
    throw refused("the group '(" + pattern.substring(i, Math.min(pattern.length(), i + 3)) + "' is not supported"
        + " (named groups, inline options, atomic groups, comments and conditionals are not)");
  }

  /** An escape after its backslash; true when it is a character or class a quantifier may follow. */
  private boolean escape(boolean inClass) {
    if (i >= pattern.length()) {
      throw refused("it ends with a backslash");
    }
    char c = pattern.charAt(i++);
    switch (c) {
      case 'd', 'w', 's', 'n', 't', 'r', 'f', 'a', 'e' -> out.append('\\').append(c);
      case 'D', 'W', 'S' -> {
        if (inClass) {
          throw refused("\\" + c + " inside [...] is not supported");
        }
        out.append('\\').append(c);
      }
      case 'b' -> out.append(inClass ? "\\b" : "\\y");
      case 'B', 'A', 'z', 'Z' -> {
        if (inClass) {
          throw refused("\\" + c + " inside [...] is not supported");
        }
        out.append(c == 'B' ? "\\Y" : c == 'A' ? "\\A" : c == 'z' ? "\\Z" : "(?=\\n?\\Z)");
        return false;
      }
      case 'x' -> hex();
      default -> {
        if (c >= '0' && c <= '9') {
          throw refused("back references and octal escapes (\\" + c + ") are not supported");
        }
        if (c < 128 && Character.isLetter(c)) {
          throw refused("the escape \\" + c + " is not supported");
        }
        if (c < 128) {
          out.append('\\');
        }
        out.append(c); // an escaped punctuation or non-ASCII character is itself
      }
    }
    return true;
  }

  private void hex() {
    int start = i;
    int end;
    String digits;
    if (pattern.startsWith("{", i)) {
      end = pattern.indexOf('}', i);
      if (end < 0) {
        throw refused("\\x{ is not closed");
      }
      digits = pattern.substring(start + 1, end);
      i = end + 1;
    } else {
      end = i;
      while (end < pattern.length() && end - start < 2 && Character.digit(pattern.charAt(end), 16) >= 0) {
        end++;
      }
      digits = pattern.substring(start, end);
      i = end;
    }
    int cp;
    try {
      cp = digits.isEmpty() ? 0 : Integer.parseInt(digits, 16);
    } catch (NumberFormatException e) {
      throw refused("\\x{" + digits + "} is not a code point");
    }
    if (cp == 0 || cp > Character.MAX_CODE_POINT) {
      throw refused("\\x of " + digits + " is not a character PostgreSQL text can hold");
    }
    out.append(cp <= 0xFFFF ? String.format("\\u%04X", cp) : String.format("\\U%08X", cp));
  }

  /** A bracket expression, after its {@code [}. */
  private void klass() {
    out.append('[');
    if (pattern.startsWith("^", i)) {
      out.append('^');
      i++;
    }
    if (pattern.startsWith("]", i)) {
      out.append(']');
      i++;
    }
    while (true) {
      if (i >= pattern.length()) {
        throw refused("a [ is not closed");
      }
      char c = pattern.charAt(i++);
      if (caseless && c > 127 && Character.isLetter(c)) {
        throw refused("option i with the non-ASCII letter '" + c + "': PCRE folds its case, PostgreSQL's \"C\""
            + " collation folds ASCII letters only");
      }
      if (c == ']') {
        out.append(']');
        return;
      }
      if (c == '\\') {
        escape(true);
      } else if (c == '[' && i < pattern.length() && ":=.".indexOf(pattern.charAt(i)) >= 0) {
        posix();
      } else if (c == '[') {
        out.append("\\[");
      } else {
        out.append(c);
      }
    }
  }

  private void posix() {
    char kind = pattern.charAt(i);
    int end = pattern.indexOf(kind + "]", i + 1);
    String name = end < 0 ? "" : pattern.substring(i + 1, end);
    if (kind != ':' || !POSIX.contains(name)) {
      throw refused("the class [" + kind + name + kind + "] is not supported");
    }
    if (caseless && (name.equals("upper") || name.equals("lower"))) {
      throw refused("[:" + name + ":] with option i is not supported");
    }
    out.append("[:").append(name).append(":]");
    i = end + 2;
  }

  private static IllegalArgumentException refused(String rule) {
    return new IllegalArgumentException(rule);
  }
}
