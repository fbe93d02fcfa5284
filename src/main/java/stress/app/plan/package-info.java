/**
 * Plans read: where each operation's statements go per plan mode, printed, with joins and MongoDB's recorded plans.
 */
package stress.app.plan;
