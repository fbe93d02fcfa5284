/**
 * A MongoDB server (or a server speaking MongoDB's wire protocol: FerretDB, DocumentDB) as a target: the connection
 * through MongoDB's own Java driver, a workload file's MongoDB-style operations sent to it natively with the values
 * drawn for the PostgreSQL side, and the comparison of the documents both return. The translation to SQL is in
 * {@code stress.mongo}; nothing here writes the wire protocol or BSON by hand.
 */
package stress.mongodb;
