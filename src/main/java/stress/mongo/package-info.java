/**
 * One MongoDB-style operation as one SQL statement ({@link stress.mongo.MongoStatement}), whole-document writes too.
 */
package stress.mongo;
