/**
 * Connections: a {@link stress.connect.ConnectionSource} per pool kind found by name through
 * {@link java.util.ServiceLoader}, libpq conventions for resolving a connection, driver settings and TLS options.
 * Never shows a password.
 */
package stress.connect;
