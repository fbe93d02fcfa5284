package stress.app.assess;

import java.util.List;

/** The steps of an assessment, in the order they run: each reads the sections of those before it. */
final class AssessSteps {
  private AssessSteps() {}

  static List<AssessStep> all(boolean dropExisting) {
    return List.of(new WorkloadStep(), new InventoryStep(), new DataStep(), new ImportStep(dropExisting),
        new OperationsStep(), new IndexesStep(), new LayoutStep(), new SpeedStep());
  }
}
