package stress.app.process;

/** The tool's version, from the jar manifest (or "dev" when run from classes). */
public final class Version {
  private Version() {}

  public static String current() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }
}
