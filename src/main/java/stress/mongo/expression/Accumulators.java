package stress.mongo.expression;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import stress.mongo.value.BsonOrder;
import stress.mongo.value.TranslationTarget;

/**
 * MongoDB's accumulators ({@code $sum}, {@code $avg}, {@code $min}, {@code $max}, {@code $first}, {@code $last},
 * {@code $push}, {@code $addToSet}) as SQL aggregates: over the documents of a {@code $group}'s groups, and over the
 * values of an expression's array ({@code {$sum: "$items.qty"}}).
 */
public final class Accumulators {
  public static final Set<String> ACCUMULATORS = new TreeSet<>(List.of("$sum", "$avg", "$min", "$max", "$first", "$last",
      "$push", "$addToSet", "$count"));
  private static final String NULL = "CAST('null' AS jsonb)";

  private Accumulators() {}

  /**
   * An accumulator as an SQL aggregate of the jsonb column {@code v} (SQL NULL where the value is missing);
   * {@code order} is the column of the input's order, for {@code $first}, {@code $last} and {@code $push}.
   */
  public static String accumulate(AggregateExpression x, String op, String v, String order) {
    TranslationTarget target = x.translation().target;
    String num = AggregateArithmetic.numeric(target, v);
    String decimals = "bool_or(" + AggregateArithmetic.decimal(v) + ")";
    String by = order == null ? "" : " ORDER BY " + order;
    return switch (op) {
      // numbers only: strings, booleans, null and missing are ignored; a Decimal128 among them makes a Decimal128
      case "$sum" -> AggregateArithmetic.result(target, "COALESCE(sum(" + num + "), 0)", decimals, false);
      case "$avg" -> AggregateArithmetic.result(target, "avg(" + num + ")", decimals, true);
      case "$min", "$max" -> "COALESCE((array_agg(" + v + " ORDER BY " + BsonOrder.orderBy(v, op.equals("$min"))
          + ") FILTER (WHERE " + v + " IS NOT NULL AND " + v + " <> " + NULL + "))[1], " + NULL + ")";
      case "$first" -> "(array_agg(COALESCE(" + v + ", " + NULL + ")" + by + "))[1]";
      case "$last" -> "(array_agg(COALESCE(" + v + ", " + NULL + ")" + (order == null ? "" : by + " DESC") + "))[1]";
      case "$push" -> "COALESCE(jsonb_agg(" + v + by + ") FILTER (WHERE " + v + " IS NOT NULL), '[]')";
      case "$addToSet" -> "COALESCE(jsonb_agg(DISTINCT " + v + ") FILTER (WHERE " + v + " IS NOT NULL), '[]')";
      default -> throw new IllegalArgumentException("accumulator " + op + " is not supported");
    };
  }
}
