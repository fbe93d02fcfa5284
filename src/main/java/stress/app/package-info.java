/**
 * The commands as library calls, composed from the libraries below: {@link stress.app.Commands} for each command,
 * {@link stress.app.RunJob} for a run. What several jobs share is below them: {@code stress.app.index},
 * {@code stress.app.plan} and {@code stress.app.setup}; the commands that make a data set are in {@code stress.app.data},
 * the shard-key analysis in {@code stress.app.shardkey}, and every exit code of the tool in {@code stress.app.process}.
 */
package stress.app;
