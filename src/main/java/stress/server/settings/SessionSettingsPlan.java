package stress.server.settings;

import java.util.List;
import java.util.Objects;

/**
 * How to give every connection the requested session settings.
 *
 * @param startupOptions value for pgjdbc's {@code options} property ({@code -c a=1 -c b=2}, already
 *                       escaped for the server); empty when nothing goes through the startup packet. It is a
 *                       raw property value: percent-encode it if it is put into a URL instead
 * @param initStatements statements to run on every new connection, in order
 * @param applied        every accepted setting and its method, in the order given
 */
public record SessionSettingsPlan(String startupOptions, List<String> initStatements, List<AppliedSetting> applied) {

  public SessionSettingsPlan {
    Objects.requireNonNull(startupOptions, "startupOptions");
    initStatements = List.copyOf(initStatements);
    applied = List.copyOf(applied);
  }

  /** A plan that changes nothing. */
  public static SessionSettingsPlan empty() {
    return new SessionSettingsPlan("", List.of(), List.of());
  }
}
