/** BSON read and written as JSON text: the walk over a document's elements and the JSON forms jsonb is given. */
package stress.dump.bson;
