package stress.model;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The known names nearest a mistyped one, for "did you mean" in every refusal: an option on the command line or in a
 * {@code --config} file ({@code --thread} → {@code --threads}), a command, a MongoDB operator ({@code $gtx} →
 * {@code $gt}).
 */
public final class NearestNames {
  private static final int SHOWN = 3;

  private NearestNames() {}

  /** The names within a small edit distance of the typed one, or that it is a prefix of, nearest first. */
  public static List<String> of(String typed, Collection<String> names) {
    String t = typed.toLowerCase(Locale.ROOT);
    String bare = t.replaceFirst("^-+", "");
    int allowed = Math.max(1, Math.min(3, bare.length() / 3));
    return names.stream().distinct()
        .filter(n -> distance(t, n.toLowerCase(Locale.ROOT)) <= allowed
            || bare.length() >= 3 && n.toLowerCase(Locale.ROOT).replaceFirst("^-+", "").startsWith(bare))
        .sorted(Comparator.comparingInt((String n) -> distance(t, n.toLowerCase(Locale.ROOT))).thenComparing(n -> n))
        .limit(SHOWN).toList();
  }

  /** Edit distance with a swap of two neighbouring letters as one edit ({@code hlep} is 1 from {@code help}). */
  public static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
