package stress.dump;

import stress.dump.naming.Namespace;

/**
 * One collection-metadata entry of a mongodump archive's prelude.
 *
 * @param namespace    database and collection (database empty for the {@code --oplog} namespace)
 * @param metadataJson the collection's metadata as mongodump writes to {@code .metadata.json}; may be empty
 * @param type         the entry's own {@code type} field (newer tools: collection, view, timeseries), or null
 * @param size         the entry's {@code size} field (uncompressed bytes mongodump expected), or -1
 * @param offset       byte offset of the entry in the (uncompressed) archive
 */
record ArchiveEntry(Namespace namespace, String metadataJson, String type, long size, long offset) {}
