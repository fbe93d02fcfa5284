/**
 * Aggregation expressions as SQL jsonb expressions: their operators, arithmetic, dates and accumulators.
 */
package stress.mongo.expression;
