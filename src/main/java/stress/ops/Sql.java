package stress.ops;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One statement with {@code ?} placeholders. The same text serves both statement modes: bound as
 * parameters by a PreparedStatement, or filled with escaped literals for a plain Statement. Write typed
 * parameters as {@code CAST(? AS jsonb)} so the literal form needs no extra syntax.
 */
public final class Sql {
  private static final AtomicInteger NEXT_SLOT = new AtomicInteger();

  private final String text;
  private final String[] fragments;
  private final int slot;

  public Sql(String text) {
    this.text = text;
    this.fragments = text.split("\\?", -1);
    this.slot = NEXT_SLOT.getAndIncrement();
  }

  /** The text with placeholders, as prepared. */
  public String text() {
    return text;
  }

  /** Number of placeholders. */
  public int parameterCount() {
    return fragments.length - 1;
  }

  /** A small process-wide number, so sessions can cache statements in an array instead of a map. */
  int slot() {
    return slot;
  }

  /** The text between placeholders: fragment i comes before parameter i. */
  String fragment(int i) {
    return fragments[i];
  }

  @Override
  public String toString() {
    return text;
  }
}
