package stress.mongo.value;

/**
 * A class of the lowest sub-package of {@code mongo} that uses a higher one, for ArchitectureTest to find (tests are
 * not part of the checked classes): the filter translation is above the values it is written with.
 */
public final class UpwardUseFixture {
  private UpwardUseFixture() {}

  static Object upward() {
    return stress.mongo.filter.FilterTranslator.class;
  }

  static Object allowed() {
    return stress.model.StatementMode.PREPARED;
  }
}
