/** What an import tells as it goes and at its end: the listener it reports to, its progress, the result per collection and in all. */
package stress.load.importer.progress;
