/**
 * Small types every layer shares and that depend on nothing of the project: the bad-input exception
 * ({@link stress.model.UsageException}) and the value types that settings are made of.
 */
package stress.model;
