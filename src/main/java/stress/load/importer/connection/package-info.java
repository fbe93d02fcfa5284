/**
 * The import's connections to the target, below the importer: a load stream's ({@code StreamConnection}), the one
 * opened early for the work after the load, and the streams' connections closed in the background.
 */
package stress.load.importer.connection;
