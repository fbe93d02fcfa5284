/**
 * The embedded PostgreSQL: the default target when no connection is given, and the test database.
 */
package stress.connect.embedded;
