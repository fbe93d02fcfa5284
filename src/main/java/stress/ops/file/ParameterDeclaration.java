package stress.ops.file;

/**
 * One parameter of a workload file's SQL operation as the file declares it, for checking before the run that the
 * server takes the values it binds.
 *
 * @param name      the parameter's name, as {@code :name} in the SQL
 * @param generator its generator as written in the file, e.g. {@code {int: [1, 10]}}
 * @param line      the line of the file that declares it
 * @param bound     the Java class of the values it draws (which decides the SQL type pgjdbc binds them as), or null
 *                  when that depends on the table: {@code key} and {@code new_key}, which are not checked
 */
public record ParameterDeclaration(String name, String generator, int line, Class<?> bound) {}
