/**
 * The document table {@code (_id <type> primary key, data jsonb)} and its copy table, {@code _id} types, and quoting
 * of identifiers.
 */
package stress.table;
