/**
 * Aggregation pipelines as one SELECT, one subquery per stage, {@code $lookup}'s joins included.
 */
package stress.mongo.aggregate;
