/** A document read from a dump, what is rejected with the reason, and its conversion into a row: the `_id` and the JSON text. */
package stress.dump.document;
