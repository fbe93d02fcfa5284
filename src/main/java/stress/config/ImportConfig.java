package stress.config;

import java.nio.file.Path;
import java.util.List;

/**
 * The options of {@code stress import} as given, before the engine's request is built from them
 * ({@code app.data.ImportRequests}, which checks them all and says every problem in one message).
 *
 * @param path             the dump directory or {@code .bson}/{@code .bson.gz} file, or null
 * @param archive          the {@code --archive} file, or null
 * @param json             the {@code --json} result file, or null
 * @param distributeBy     the {@code --distribute-by NS=PATH} values as given
 * @param reference        the {@code --reference NS} values as given
 * @param allowMissingKey  {@code --allow-missing-key}: a {@code --distribute-by} path most documents lack is accepted
 */
public record ImportConfig(Path path, Path archive, List<String> databases, List<String> excludeDatabases,
                           List<String> collections, List<String> excludeCollections, boolean systemCollections,
                           String schema, String table, String tablePrefix, boolean lowerCaseNames,
                           boolean dropExisting, boolean reuse, boolean resume, int jobs, String jsonMode,
                           String idType, String onError, String onDuplicate, String repeatedFields, Path rejects,
                           long batchDocs, Long batchMb, Path json, List<String> distributeBy,
                           List<String> reference, boolean allowMissingKey) {
  public ImportConfig {
    distributeBy = distributeBy == null ? List.of() : List.copyOf(distributeBy);
    reference = reference == null ? List.of() : List.copyOf(reference);
    databases = List.copyOf(databases);
    excludeDatabases = List.copyOf(excludeDatabases);
    collections = List.copyOf(collections);
    excludeCollections = List.copyOf(excludeCollections);
  }
}
