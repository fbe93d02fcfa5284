/**
 * Query filters, sorts and projections as SQL on {@code (_id, data jsonb)}, with MongoDB's meaning.
 */
package stress.mongo.filter;
