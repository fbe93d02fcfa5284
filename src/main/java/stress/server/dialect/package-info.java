/** What differs per target in SQL: the DDL of document tables and their layouts, the settings DDL needs, one dialect per server kind, chosen from what detection found. */
package stress.server.dialect;
