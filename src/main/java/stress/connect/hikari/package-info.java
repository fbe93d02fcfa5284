/**
 * The {@code hikari} pool kind; the only package that imports HikariCP.
 */
package stress.connect.hikari;
