package stress.load.importer;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import stress.dump.bson.BsonJson;
import stress.dump.bson.JsonFormat;
import stress.dump.bson.RepeatedFields;
import stress.dump.document.Rejection;

/**
 * The rejects file: one JSON object per line (written with Jackson) for every document that was not loaded, and for
 * every document loaded with one value of a repeated field name ({@code --repeated-fields last|first}):
 * <pre>{@code
 * {"file": "...", "namespace": "db.coll", "table": "db_coll", "offset": 283, "index": 1, "length": 82,
 *  "action": "rejected", "reason": "...", "document": {relaxed Extended JSON, when it converts},
 *  "bson_base64": "raw bytes as read, when they could be read"}
 * }</pre>
 * A line of a JSON export that does not parse has {@code "text"}, the line as read, instead of the last two.
 * {@code offset} counts bytes of the uncompressed stream; {@code index} counts documents of the collection from 0,
 * rejected ones included. {@code action} is {@code skipped} for duplicates left out by
 * {@code --on-duplicate skip}, {@code loaded} for a document loaded with a repeated field name (the reason names
 * the field and the value kept), else {@code rejected}. The {@code document} shows every value of a repeated name.
 *
 * <p>Lines are flushed before the batch they belong to is committed, so a killed import never loses one. The file
 * is created on the first line. A fresh import replaces an old file; a resumed one appends, dropping a last line
 * cut by the kill and never writing a document (file and index) twice.
 */
public final class RejectsFile implements Closeable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonFactory FACTORY = JSON.getFactory();

  private final Path path;
  private final Set<String> written = new HashSet<>();
  private OutputStream out;
  private long lines;

  private RejectsFile(Path path) {
    this.path = path;
  }

  /**
   * Opens the rejects file for an import.
   *
   * @param resume keep the lines already there (the import continues an earlier one) instead of replacing the file
   * @throws IOException when the file cannot be read or replaced, or a resumed file holds a line that is not JSON
   */
  public static RejectsFile open(Path path, boolean resume) throws IOException {
    RejectsFile file = new RejectsFile(Objects.requireNonNull(path, "path"));
    if (!resume) {
      Files.deleteIfExists(path);
    } else if (Files.exists(path)) {
      file.readExisting();
    }
    return file;
  }

  public Path path() {
    return path;
  }

  /** Lines written by this import (not counting lines kept from an earlier run). */
  public synchronized long linesWritten() {
    return lines;
  }

  /** What became of a document listed in the file; its {@code action} field. */
  enum Action {
    REJECTED, SKIPPED, LOADED;

    String word() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** One document to write. */
  record Entry(Rejection rejection, String namespace, String table, Action action) {}

  /** Writes the entries not written before (same file and index), then flushes. */
  synchronized void write(List<Entry> entries) throws IOException {
    if (entries.isEmpty()) {
      return;
    }
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    for (Entry entry : entries) {
      if (written.add(key(entry.rejection().source(), entry.rejection().index(), entry.action() == Action.LOADED))) {
        line(entry, buffer);
        lines++;
      }
    }
    if (buffer.size() == 0) {
      return;
    }
    if (out == null) {
      Path parent = path.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      out = Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }
    buffer.writeTo(out);
    out.flush();
  }

  private static void line(Entry entry, OutputStream to) throws IOException {
    Rejection r = entry.rejection();
    try (JsonGenerator g = FACTORY.createGenerator(to, JsonEncoding.UTF8)) {
      g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      g.writeStartObject();
      g.writeStringField("file", r.source());
      g.writeStringField("namespace", entry.namespace());
      g.writeStringField("table", entry.table());
      g.writeNumberField("offset", r.offset());
      g.writeNumberField("index", r.index());
      g.writeNumberField("length", r.length());
      g.writeStringField("action", entry.action().word());
      g.writeStringField("reason", r.reason());
      byte[] bytes = r.rawBytes();
      if (bytes != null) {
        String json = readableJson(bytes);
        if (json != null) {
          g.writeFieldName("document");
          g.writeRawValue(json);
        }
        g.writeStringField("bson_base64", Base64.getEncoder().encodeToString(bytes));
      }
      if (r.text() != null) {
        g.writeStringField("text", r.text());
      }
      g.writeEndObject();
    }
    to.write('\n');
  }

  /**
   * The document's relaxed Extended JSON, every value of a repeated name included, or null when it does not decode
   * or jsonb could not hold it.
   */
  private static String readableJson(byte[] bytes) {
    try {
      return BsonJson.toJson(bytes, JsonFormat.RELAXED, RepeatedFields.LAST);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private void readExisting() throws IOException {
    byte[] content = Files.readAllBytes(path);
    int lastNewline = content.length - 1;
    while (lastNewline >= 0 && content[lastNewline] != '\n') {
      lastNewline--;
    }
    if (lastNewline < content.length - 1) {
      // The last line was cut by a kill while it was written; its document is written again.
      try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
        channel.truncate(lastNewline + 1);
      }
    }
    int start = 0;
    int lineNumber = 0;
    for (int i = 0; i <= lastNewline; i++) {
      if (content[i] != '\n') {
        continue;
      }
      lineNumber++;
      if (i > start) {
        JsonNode node;
        try {
          node = JSON.readTree(content, start, i - start);
        } catch (IOException e) {
          node = null;
        }
        if (node == null || !node.path("file").isTextual() || !node.path("index").canConvertToLong()) {
          throw new IOException("rejects file " + path + " line " + lineNumber + " is not a rejects line (a JSON object"
              + " with file and index); give --resume the rejects file of the interrupted import, or another --rejects");
        }
        written.add(key(node.get("file").asText(), node.get("index").asLong(),
            Action.LOADED.word().equals(node.path("action").asText())));
      }
      start = i + 1;
    }
  }

  /**
   * A document's key in the file. A loaded document's line has a key of its own: should a retried batch end up
   * rejecting it after all, its rejection line is still written.
   */
  private static String key(String file, long index, boolean loaded) {
    return file + '\n' + index + (loaded ? "\nloaded" : "");
  }

  @Override
  public synchronized void close() throws IOException {
    if (out != null) {
      out.close();
      out = null;
    }
  }
}
