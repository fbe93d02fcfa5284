package stress.mongolog;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * What becomes of one log entry: its statements as workload operations, or the reason it is skipped. Skipped are
 * the entries of MongoDB's own namespaces ({@code admin}, {@code config}, {@code local}, {@code system.*}), commands
 * that neither read nor write documents, other applications than {@code --app}, truncated commands and inserts (a
 * log holds no inserted documents). A getMore is folded into the find or aggregate that opened its cursor.
 */
final class EntryKinds {
  static final String SYSTEM = "MongoDB's own namespaces (admin, config, local, system.*)";
  static final String NOT_A_QUERY = "commands that neither read nor write documents";
  static final String OTHER_APP = "other applications than --app";
  static final String TRUNCATED = "truncated commands (MongoDB cut them to fit the log line)";
  static final String INSERT = "inserts without a document to write (a log holds none; --dump DIR gives the"
      + " collection's first)";
  static final String WRITE_COMMAND = "write commands whose statements are logged apart (type update or remove)";
  static final String ORPHAN_GET_MORE = "getMore of a cursor whose find or aggregate is not logged";
  static final String NO_NAMESPACE = "entries without a namespace";
  static final String UNREADABLE = "commands of a plain-text log whose values cannot be read";

  private static final Set<String> SYSTEM_DATABASES = Set.of("admin", "config", "local");
  /** How the note of a statement whose collation is not applied starts; the collation and the rule follow. */
  static final String COLLATION = "collation ";

  /** Either statements (folded: a getMore's, counted in its shape's time only) or a skip reason and its detail. */
  record Use(List<Logged> statements, boolean folded, String reason, String detail) {
    static Use skip(String reason, String detail) {
      return new Use(List.of(), false, reason, detail);
    }

    boolean skipped() {
      return reason != null;
    }
  }

  private EntryKinds() {}

  /** @param app the only application whose entries are used ({@code --app}), or null for all */
  static Use of(LogEntry e, String app) {
    if (e.ns().isEmpty()) {
      return Use.skip(NO_NAMESPACE, e.commandName());
    }
    if (SYSTEM_DATABASES.contains(e.database()) || e.collection().startsWith("system.")) {
      return Use.skip(SYSTEM, e.ns());
    }
    if (app != null && !app.equals(e.appName())) {
      return Use.skip(OTHER_APP, e.appName().isEmpty() ? "(none)" : e.appName());
    }
    if (e.truncated()) {
      return Use.skip(TRUNCATED, e.commandName());
    }
    if (e.unreadable() != null) {
      return Use.skip(UNREADABLE, e.unreadable());
    }
    if ("update".equals(e.type())) {
      return used(collated(update(e.ns(), e.command()), e.command()));
    }
    if ("remove".equals(e.type())) {
      return used(collated(delete(e.ns(), e.command()), e.command()));
    }
    String name = e.commandName();
    if ("getMore".equals(name)) {
      if (e.originating() == null || e.originating().isEmpty()) {
        return Use.skip(ORPHAN_GET_MORE, e.ns());
      }
      Use continued = command(e.ns(), e.originating().getFirstKey(), e.originating());
      return continued.skipped() ? continued : new Use(continued.statements(), true, null, null);
    }
    if ("insert".equals(name) && e.inserted() > 1) {
      // the documents come from the collection's dump when the file is written (InsertTemplates), as many as logged
      return used(new Logged(e.ns(), "insertMany", new BsonDocument("documents", new BsonInt64(e.inserted())), List.of(),
          ""));
    }
    return command(e.ns(), name, e.command());
  }

  private static Use command(String ns, String name, BsonDocument c) {
    String db = ns.substring(0, Math.max(0, ns.indexOf('.')));
    String collection = c.isString(name) ? c.getString(name).getValue() : null;
    String target = collection == null ? ns : db + "." + collection;
    switch (name) {
      case "find" -> {
        BsonDocument spec = new BsonDocument();
        List<Slot> slots = new ArrayList<>();
        spec.put("filter", ShapeOf.filter(c.isDocument("filter") ? c.getDocument("filter") : new BsonDocument(), slots));
        copy(c, spec, "projection", "sort", "limit", "skip");
        return used(collated(new Logged(target, "find", spec, slots, ""), c));
      }
      case "aggregate" -> {
        if (collection == null || !c.isArray("pipeline")) {
          return Use.skip(NOT_A_QUERY, "aggregate on the database");
        }
        List<Slot> slots = new ArrayList<>();
        BsonDocument spec = new BsonDocument("pipeline", ShapeOf.pipeline(c.getArray("pipeline"), slots));
        return used(collated(new Logged(target, "aggregate", spec, slots, ""), c));
      }
      case "count" -> {
        List<Slot> slots = new ArrayList<>();
        BsonDocument spec = new BsonDocument("filter",
            ShapeOf.filter(c.isDocument("query") ? c.getDocument("query") : new BsonDocument(), slots));
        copy(c, spec, "limit", "skip");
        return used(collated(new Logged(target, "countDocuments", spec, slots, ""), c));
      }
      case "distinct" -> {
        if (!c.isString("key")) {
          return Use.skip(NOT_A_QUERY, "distinct without a key");
        }
        List<Slot> slots = new ArrayList<>();
        String field = "$" + c.getString("key").getValue();
        BsonArray pipeline = new BsonArray(List.of(
            new BsonDocument("$match", ShapeOf.filter(c.isDocument("query") ? c.getDocument("query")
                : new BsonDocument(), slots)),
            new BsonDocument("$unwind", new BsonString(field)),
            new BsonDocument("$group", new BsonDocument("_id", new BsonString(field)))));
        return used(collated(new Logged(target, "aggregate", new BsonDocument("pipeline", pipeline), slots,
            "distinct, written as $match, $unwind and $group"), c));
      }
      case "findAndModify", "findandmodify" -> {
        BsonDocument statement = new BsonDocument("q", c.isDocument("query") ? c.getDocument("query") : new BsonDocument());
        String note = "findAndModify, run without returning the document" + (c.containsKey("sort") ? " and without its sort" : "");
        if (c.isBoolean("remove") && c.getBoolean("remove").getValue()) {
          statement.put("limit", new BsonInt32(1));
          return used(collated(withNote(delete(target, statement), note), c));
        }
        if (c.get("update") == null) {
          return Use.skip(NOT_A_QUERY, "findAndModify without update or remove");
        }
        statement.put("u", c.get("update"));
        copy(c, statement, "upsert", "arrayFilters");
        return used(collated(withNote(update(target, statement), note), c));
      }
      case "update", "delete" -> {
        String list = "update".equals(name) ? "updates" : "deletes";
        if (!c.isArray(list)) {
          return Use.skip(WRITE_COMMAND, name);
        }
        List<Logged> all = new ArrayList<>();
        for (BsonValue s : c.getArray(list)) {
          if (s.isDocument()) {
            all.add(collated("update".equals(name) ? update(target, s.asDocument()) : delete(target, s.asDocument()),
                s.asDocument()));
          }
        }
        return all.isEmpty() ? Use.skip(WRITE_COMMAND, name) : new Use(all, false, null, null);
      }
      case "insert" -> {
        // the document comes from the collection's dump when the file is written (InsertTemplates)
        return used(new Logged(target, "insertOne", new BsonDocument("document", new BsonDocument()), List.of(), ""));
      }
      default -> {
        return Use.skip(NOT_A_QUERY, name.isEmpty() ? "(none)" : name);
      }
    }
  }

  private static Logged update(String ns, BsonDocument s) {
    List<Slot> slots = new ArrayList<>();
    BsonDocument filter = ShapeOf.filter(s.isDocument("q") ? s.getDocument("q") : new BsonDocument(), slots);
    boolean multi = s.isBoolean("multi") && s.getBoolean("multi").getValue();
    boolean upsert = s.isBoolean("upsert") && s.getBoolean("upsert").getValue();
    BsonValue logged = s.get("u");
    // a document without operators is a replacement (MongoDB refuses one with multi: true, so none is logged so)
    boolean replacement = logged != null && logged.isDocument() && !multi && (logged.asDocument().isEmpty()
        || !logged.asDocument().getFirstKey().startsWith("$"));
    BsonDocument spec = new BsonDocument("filter", filter);
    if (replacement) {
      spec.append("replacement", ShapeOf.replacement(logged.asDocument(), slots));
    } else {
      spec.append("update", logged != null ? ShapeOf.update(logged, slots) : new BsonDocument());
    }
    if (!replacement && s.isArray("arrayFilters")) { // the identifiers' conditions, as logged
      spec.append("arrayFilters", s.get("arrayFilters"));
    }
    if (upsert) {
      spec.append("upsert", org.bson.BsonBoolean.TRUE);
    }
    return new Logged(ns, replacement ? "replaceOne" : multi ? "updateMany" : "updateOne", spec, slots, "");
  }

  private static Logged delete(String ns, BsonDocument s) {
    List<Slot> slots = new ArrayList<>();
    BsonDocument filter = ShapeOf.filter(s.isDocument("q") ? s.getDocument("q") : new BsonDocument(), slots);
    boolean one = s.isNumber("limit") && s.getNumber("limit").intValue() == 1;
    return new Logged(ns, one ? "deleteOne" : "deleteMany", new BsonDocument("filter", filter), slots, "");
  }

  /** The statement with {@code note} after the notes it has (the collation's comes last, as its readers expect). */
  private static Logged withNote(Logged l, String note) {
    return new Logged(l.ns(), l.kind(), l.spec(), l.slots(), l.note().isEmpty() ? note : l.note() + "; " + note);
  }

  /**
   * The statement with a note when what MongoDB ran carried a collation other than the simple one: the translation
   * compares strings by their bytes (COLLATE "C", MongoDB's simple collation), so the collation is not applied.
   */
  private static Logged collated(Logged l, BsonDocument ran) {
    if (!ran.isDocument("collation")) {
      return l;
    }
    BsonDocument collation = ran.getDocument("collation");
    if (collation.isEmpty() || (collation.isString("locale") && "simple".equals(collation.getString("locale")
        .getValue()))) {
      return l;
    }
    return withNote(l, COLLATION + collation.toJson(OperationText.RELAXED) + " not applied: strings compare by their"
        + " bytes, as under MongoDB's simple collation");
  }

  private static Use used(Logged statement) {
    return new Use(List.of(statement), false, null, null);
  }

  private static void copy(BsonDocument from, BsonDocument to, String... keys) {
    for (String k : keys) {
      BsonValue v = from.get(k);
      if (v != null && !(v.isDocument() && v.asDocument().isEmpty() && !"filter".equals(k))) {
        to.put(k, whole(v));
      }
    }
  }

  /** The shell sends every number as a double ({@code limit: 10.0}); MongoDB takes a whole one as that integer. */
  private static BsonValue whole(BsonValue v) {
    if (v.isDouble() && v.asDouble().getValue() == Math.rint(v.asDouble().getValue())
        && Math.abs(v.asDouble().getValue()) < Long.MAX_VALUE) {
      return new BsonInt64((long) v.asDouble().getValue());
    }
    return v;
  }
}
