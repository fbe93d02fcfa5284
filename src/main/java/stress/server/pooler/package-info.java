/**
 * A connection pooler between the tool and the server (PgBouncer): whether one is there, and what its admin console
 * says of it (version, pool mode, pool size, client limit, prepared statements kept per server connection).
 */
package stress.server.pooler;
