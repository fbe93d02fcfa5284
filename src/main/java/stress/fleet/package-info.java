/**
 * Several instances of one run (processes on one host or pods of a Kubernetes Indexed Job) that find each other
 * through the database under test: {@link stress.fleet.FleetMember} registers an instance, holds each phase until
 * every instance is ready and the instant they agreed on has come, and keeps its result there;
 * {@link stress.fleet.FleetRun} reads a run's instances back for {@code stress merge --run}.
 */
package stress.fleet;
