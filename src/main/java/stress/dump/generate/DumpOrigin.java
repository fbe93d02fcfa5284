package stress.dump.generate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * Which server and tool a generated dump says it comes from (archive header, {@code prelude.json}).
 *
 * <p>No server is involved, but the version must still parse as {@code major.minor.patch}: mongorestore
 * 100.x refuses an archive whose {@code server_version} does not. {@link #SERVER_VERSION} "0.0.0" parses
 * and matches no real server, so mongorestore's cross-version warning says where the dump came from.
 *
 * @param toolVersion what the dump names as the tool that wrote it, e.g. {@code stress 0.1.0}
 */
public record DumpOrigin(String toolVersion) {
  /** The server version written into generated dumps. */
  public static final String SERVER_VERSION = "0.0.0";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  public DumpOrigin {
    Objects.requireNonNull(toolVersion, "toolVersion");
  }

  /** {@code prelude.json} as mongodump 100.12+ writes it: {@code {"ServerVersion":"...","ToolVersion":"..."}}. */
  String preludeJson() {
    ObjectNode prelude = MAPPER.createObjectNode();
    prelude.put("ServerVersion", SERVER_VERSION);
    prelude.put("ToolVersion", toolVersion);
    try {
      return MAPPER.writeValueAsString(prelude);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write prelude.json", e);
    }
  }
}
