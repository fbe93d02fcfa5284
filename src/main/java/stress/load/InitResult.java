package stress.load;

import stress.table.DocumentTable;

/**
 * What {@link DatasetInitializer#initialize} did.
 *
 * @param table           the table loaded, with its real {@code _id} type
 * @param tableAction     whether the tables were created, reused or replaced
 * @param documents       documents loaded (each into the table and into its copy table); 0 when existing rows were kept
 * @param bytes           bytes of COPY data sent into the table
 * @param seconds         wall time of the whole initialization, table setup and ANALYZE included
 * @param keptExistingRows true when reused tables already held rows and were left as they were
 * @param tableNote       {@link PreparedTable#note}: how the tables were made, when the user should hear it; or null
 * @param copyTableCreated true when the table was reused and its missing copy table was created
 */
public record InitResult(DocumentTable table, PreparedTable.Action tableAction, long documents, long bytes,
    double seconds, boolean keptExistingRows, String tableNote, boolean copyTableCreated) {}
