/** Statement execution beneath the operations: SQL with named placeholders, its two ways to the server (prepared or plain with escaped literals) and the rows that come back. */
package stress.ops.sql;
