package stress.mongolog;

import java.time.Instant;
import org.bson.BsonDocument;

/**
 * One "Slow query" entry of a mongod log (4.4 and later), as read.
 *
 * @param where          {@code file:line}, for messages
 * @param time           when it was logged, or null when the line has no readable time
 * @param ns             its namespace ({@code db.collection}, or {@code db.$cmd} for a write command)
 * @param type           {@code command}, or {@code update} / {@code remove} for a write logged per statement
 * @param command        the command as logged (for a statement: {@code {q, u, multi, upsert}} or {@code {q, limit}})
 * @param originating    for a getMore, the find or aggregate that opened its cursor, when logged; else null
 * @param appName        the client's application name, or "" when it gave none
 * @param durationMillis how long MongoDB took
 * @param planSummary    MongoDB's plan ({@code IXSCAN { a: 1 }}, {@code COLLSCAN}, ...), or null
 * @param docsExamined   -1 when not logged
 * @param keysExamined   -1 when not logged
 * @param returned       documents returned ({@code nreturned}), -1 when not logged
 * @param truncated      true when MongoDB cut the command to fit its log line
 * @param unreadable     why the command as logged cannot be read (a plain-text log's value), or null when it was read
 * @param inserted       documents inserted ({@code ninserted}), -1 when not logged
 */
record LogEntry(String where, Instant time, String ns, String type, BsonDocument command, BsonDocument originating,
                String appName, double durationMillis, String planSummary, long docsExamined, long keysExamined,
                long returned, boolean truncated, String unreadable, long inserted) {

  /** An entry whose documents inserted are not logged. */
  LogEntry(String where, Instant time, String ns, String type, BsonDocument command, BsonDocument originating,
           String appName, double durationMillis, String planSummary, long docsExamined, long keysExamined,
           long returned, boolean truncated, String unreadable) {
    this(where, time, ns, type, command, originating, appName, durationMillis, planSummary, docsExamined, keysExamined,
        returned, truncated, unreadable, -1);
  }

  /** The command's name: its first key ({@code find}, {@code update}, ...), or the statement type. */
  String commandName() {
    if ("update".equals(type) || "remove".equals(type)) {
      return type;
    }
    return command.isEmpty() ? "" : command.getFirstKey();
  }

  String database() {
    int dot = ns.indexOf('.');
    return dot < 0 ? ns : ns.substring(0, dot);
  }

  String collection() {
    int dot = ns.indexOf('.');
    return dot < 0 ? "" : ns.substring(dot + 1);
  }
}
