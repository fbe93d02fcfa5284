package stress.config;

/**
 * A class of a low package that uses a higher one, for ArchitectureTest to find (tests are not part of the checked
 * classes): {@link stress.runner.Runner} in this comment is no use, the fully qualified class in code is.
 */
public final class UpwardUseFixture {
  private UpwardUseFixture() {}

  static Object upward() {
    return stress.app.Commands.class;
  }

  static Object allowed() {
    return stress.model.StatementMode.PREPARED;
  }
}
