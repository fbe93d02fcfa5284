/**
 * What differs per server: detection of the target (PostgreSQL, Citus, Postgres-XL, Greenplum), its dialect for
 * document-table DDL, session settings checked against {@code pg_settings}, SQLStates and the node an error names.
 * The generic engine never tests the kind of target itself.
 */
package stress.server;
