package stress.connect.c3p0;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps c3p0 from printing its start-up banner and INFO lines: its logging (mchange MLog) is sent to
 * java.util.logging, where the {@code com.mchange} logger is set to WARNING, so that real trouble is still
 * heard. Must run before the first c3p0 class is used, because MLog picks its back end once. A user's own
 * choice (the system property, or a level already set on the logger) is left alone.
 */
final class C3p0Logging {
  static final String MLOG_PROPERTY = "com.mchange.v2.log.MLog";
  // held here because java.util.logging keeps loggers only weakly, which would drop the level
  private static final Logger MCHANGE = Logger.getLogger("com.mchange");

  private C3p0Logging() {}

  static synchronized void quiet() {
    if (System.getProperty(MLOG_PROPERTY) == null) {
      System.setProperty(MLOG_PROPERTY, "jul");
    }
    if (MCHANGE.getLevel() == null) {
      MCHANGE.setLevel(Level.WARNING);
    }
  }
}
