/**
 * The commands as library calls, composed from the libraries below: {@link stress.app.Commands} for each command,
 * {@link stress.app.RunJob} for a run. What several jobs share is below them: {@code stress.app.index},
 * {@code stress.app.plan}, {@code stress.app.setup} and {@code stress.app.output}. The capacity search is in {@code
 * stress.app.capacity} (the contenders of a run's lists and tables made here by {@code CapacityContenders}, since their
 * steps are runs of {@code RunJob}), the comparison with other servers in {@code stress.app.against} (its targets run
 * by {@code RunJobTargets}), the commands that make a data set in {@code stress.app.data}, the shard-key analysis in
 * {@code stress.app.shardkey}, and every exit code of the tool in {@code stress.app.process}.
 */
package stress.app;
