/**
 * Update documents as the new value of {@code data}: one class per family of update operators.
 */
package stress.mongo.update;
