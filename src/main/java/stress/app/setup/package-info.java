/**
 * A run's set-up before it measures: the database, the phases and their capacity, the tables, the header's settings.
 */
package stress.app.setup;
