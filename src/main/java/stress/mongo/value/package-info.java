/**
 * The translation's shared ground: values as SQL and jsonpath text, BSON order, parameters, path facts.
 */
package stress.mongo.value;
