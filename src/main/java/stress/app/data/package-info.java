/**
 * The commands that make a data set, below the other commands: {@code stress init} ({@code DataSetInit}, also the
 * default data set of an embedded server), {@code stress import} into PostgreSQL or MongoDB, {@code stress generate},
 * and {@code CommandResultJson}, the {@code --json} file they write.
 */
package stress.app.data;
