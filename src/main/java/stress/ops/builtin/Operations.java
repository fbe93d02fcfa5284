package stress.ops.builtin;

import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import stress.model.UsageException;
import stress.ops.Operation;

/** Finds operations by name: built-ins first, then ServiceLoader, then a class name. */
public final class Operations {
  private static final List<Operation> BUILT_INS =
      List.of(new FindFirst(), new FindIn(), new Find(), new FindUpdate(), new FindInsert(), new FindDelete(),
          new Insert(), new InsertBatch(), new Copy());

  private Operations() {}

  /** Every operation known by name: built-ins and those registered through ServiceLoader. */
  public static Map<String, Operation> known() {
    Map<String, Operation> all = new LinkedHashMap<>();
    for (Operation op : BUILT_INS) {
      all.put(op.name(), op);
    }
    for (Operation op : ServiceLoader.load(Operation.class)) {
      all.putIfAbsent(op.name(), op);
    }
    return all;
  }

  /** The operation with this name or class name; the error lists the known names. */
  public static Operation byName(String name) {
    Operation op = known().get(name);
    if (op != null) {
      return op;
    }
    if (name.contains(".")) {
      return byClassName(name);
    }
    throw new UsageException("unknown operation '" + name + "'; known: " + String.join(", ", known().keySet())
        + " (or the class name of an implementation of " + Operation.class.getName() + ")");
  }

  private static Operation byClassName(String className) {
    try {
      Class<?> type = Class.forName(className);
      if (!Operation.class.isAssignableFrom(type)) {
        throw new UsageException("class " + className + " does not implement " + Operation.class.getName());
      }
      return (Operation) type.getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new UsageException("unknown operation '" + className + "': no such class, and known names are "
          + String.join(", ", known().keySet()));
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException | InvocationTargetException e) {
      throw new UsageException("operation class " + className
          + " needs a public no-argument constructor: " + e);
    }
  }
}
