/**
 * A MongoDB application's logged workload: mongod's structured logs read into entries ({@link LogReader}), each
 * entry used or skipped with its reason ({@link EntryKinds}), statements grouped into shapes with their values as
 * parameters ({@link ShapeOf}), and one workload file per collection written from them ({@link LogWorkloads}).
 */
package stress.mongolog;
