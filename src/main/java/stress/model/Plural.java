package stress.model;

/** A count with its noun, in the singular for one: {@code 1 document}, {@code 2 documents}. */
public final class Plural {
  private Plural() {}

  /** {@code n} and {@code noun}, with an {@code s} unless {@code n} is 1. */
  public static String of(long n, String noun) {
    return n + " " + (n == 1 ? noun : noun + "s");
  }
}
