package stress.cli;

import picocli.CommandLine.IVersionProvider;
import stress.app.process.Version;

/** --version. */
final class VersionProvider implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"stress " + Version.current()};
  }
}
