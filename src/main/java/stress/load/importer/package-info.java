/**
 * {@code stress import}: mongodump output into document tables {@code (_id, data jsonb)}.
 *
 * <p>{@link stress.load.importer.DumpImporter} is the entry point; {@link stress.load.importer.ImportRequest} says
 * what to import and how, {@link stress.load.importer.progress.ImportResult} what happened. Reading and BSON conversion are
 * {@code stress.dump}'s; tables come from {@link stress.load.TableSetup} and rows go in through
 * {@link stress.load.CopyLoader}. Each batch commits together with its checkpoint in the target database's
 * {@code stress_import_progress} table, and every document not loaded is written to the rejects file first
 * ({@link stress.load.importer.RejectsFile}), so an import killed at any moment can be resumed exactly.
 */
package stress.load.importer;
