package stress.report.assess;

import java.util.LinkedHashMap;
import java.util.Map;

/** Each section of {@code assessment.json} by its step's name, with the record it is read as. */
public final class AssessSections {
  private AssessSections() {}

  /** In the order the steps run, which is the order the report shows them. */
  public static final Map<String, Class<? extends SectionSummary>> TYPES = types();

  private static Map<String, Class<? extends SectionSummary>> types() {
    Map<String, Class<? extends SectionSummary>> m = new LinkedHashMap<>();
    m.put("workload", WorkloadSection.class);
    m.put("inventory", InventorySection.class);
    m.put("data", DataSection.class);
    m.put("import", ImportSection.class);
    m.put("operations", OperationsSection.class);
    m.put("indexes", IndexesSection.class);
    m.put("layout", LayoutSection.class);
    m.put("speed", SpeedSection.class);
    return m;
  }
}
