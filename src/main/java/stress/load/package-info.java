/**
 * Tables and loading: {@link stress.load.TableSetup} (existing-table policies), streaming COPY
 * ({@link stress.load.CopyLoader}), {@code stress init} ({@link stress.load.DatasetInitializer}) and the progress
 * shown while loading.
 */
package stress.load;
