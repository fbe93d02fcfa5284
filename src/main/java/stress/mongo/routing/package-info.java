/**
 * Where a table's key sends a statement: the key column's conditions, shard-key targeting and key figures.
 */
package stress.mongo.routing;
