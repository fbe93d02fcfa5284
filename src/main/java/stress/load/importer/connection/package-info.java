/**
 * The import's connections to the target, below the importer: a load stream's ({@code StreamConnection}), the one
 * opened early for the work after the load, the closing in the background, and the session of the advisory locks.
 */
package stress.load.importer.connection;
