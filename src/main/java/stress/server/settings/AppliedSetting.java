package stress.server.settings;

/**
 * A requested setting that passed validation, and how it reaches each connection.
 *
 * @param name    canonical name from {@code pg_settings}
 * @param value   value as given
 * @param context the setting's {@code pg_settings.context}
 * @param method  startup packet or SET statement
 */
public record AppliedSetting(String name, String value, String context, Method method) {

  /** How a setting is applied to a new connection. */
  public enum Method {
    /** In the startup packet ({@code options=-c name=value}): the only way for backend-context settings. */
    STARTUP_OPTION,
    /** A statement run on every new connection before it is used. */
    SET_STATEMENT
  }
}
