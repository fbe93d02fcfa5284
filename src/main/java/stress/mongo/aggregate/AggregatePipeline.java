package stress.mongo.aggregate;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import stress.mongo.expression.AggregateExpression;
import stress.mongo.expression.Unwound;
import stress.mongo.filter.FilterTranslator;
import stress.mongo.filter.SortAndProjection;
import stress.mongo.routing.KeyTargeting;
import stress.mongo.value.Conditions;
import stress.mongo.value.JsonPathText;
import stress.mongo.value.RefusedOperator;
import stress.mongo.value.Translation;

/**
 * An aggregation pipeline as one SELECT on the collection's table: one subquery per stage, each giving rows
 * {@code (doc jsonb, n bigint)}, {@code n} being the position in the order a {@code $sort} gave (0 where the order is
 * not defined), which {@code $limit}, {@code $skip}, {@code $first}, {@code $last}, {@code $push} and the final
 * ORDER BY follow. Leading {@code $match} stages are the table's WHERE, written by {@link FilterTranslator} as a
 * find's filter is (typed forms, the {@code _id} column, indexes), and a {@code $sort} right after them sorts the
 * table as a find's sort does. The translation table is in docs/mongo-aggregate.md.
 */
public final class AggregatePipeline {
  static final Set<String> STAGES = new TreeSet<>(List.of("$match", "$project", "$addFields", "$set", "$unset",
      "$group", "$sort", "$limit", "$skip", "$count", "$unwind", "$sortByCount", "$replaceRoot", "$replaceWith",
      "$lookup", "$facet", "$sample"));
  private final Translation t;
  private final AggregateExpression x;
  private final AggregateProjection projection;
  /** The current stage's SELECT, null while the stages so far only filter the table. */
  private String select;
  private final List<String> tableWhere = new ArrayList<>();
  /** A {@code $group}'s single-SELECT form ({@link AggregateGroup#flat}), the stage it was written for, and how many
   * stages have run: the form is the statement only when that stage is the last. */
  private String flat;
  private int flatStage = -1;
  private int stagesRun;
  /** The filters of the leading {@code $match} stages, which the table's WHERE holds. */
  private final List<BsonDocument> tableFilters = new ArrayList<>();
  /** True when {@code n} holds a defined order. */
  private boolean ordered;
  /** 1 when {@code select} ends in the ORDER BY of a sort, 2 after its OFFSET: a LIMIT (or OFFSET) may follow. */
  private int sortOpen;
  private int aliases;
  /** True when the current stage's {@code doc} is an expression, not a column passed on. */
  private boolean computed;
  /** The last FROM item {@link #from()} gave, the stage inside it, and whether that stage computed its doc. */
  private String lastFrom;
  private String lastInner;
  private boolean lastComputed;
  /** True while every stage so far filters, sorts or cuts the table's documents: each row is one of them, whole. */
  private boolean tableDocuments = true;
  /** The current stage's documents as an {@code $unwind} without preserving gives them, null for other stages. */
  private Unwound unwound;

  /** The prefix of this pipeline's subquery aliases ({@code p1}, {@code p2}, ...; a facet's are its own). */
  private final String prefix;
  /** The statement's common table expressions ({@code $facet} inputs), shared with the facets' pipelines. */
  private final List<String> ctes;
  private int facets;

  public AggregatePipeline(Translation t) {
    this(t, "p", new ArrayList<>());
  }

  private AggregatePipeline(Translation t, String prefix, List<String> ctes) {
    this.t = t;
    this.x = new AggregateExpression(t);
    this.projection = new AggregateProjection(x);
    this.prefix = prefix;
    this.ctes = ctes;
  }

  /** The SELECT of the whole pipeline: one column, the documents out, in order where a sort defined one. */
  public String translate(BsonValue pipeline) {
    if (!pipeline.isArray()) {
      throw new IllegalArgumentException("'pipeline' must be a list of stages, got " + pipeline.getBsonType());
    }
    t.marking = true;
    t.pipeline = true;
    run(pipeline.asArray());
    if (flat != null && flatStage == stagesRun && ctes.isEmpty()) {
      return t.unmark(flat);
    }
    String last = from();
    String alias = last.substring(last.lastIndexOf(' ') + 1);
    return t.unmark((ctes.isEmpty() ? "" : "WITH " + String.join(", ", ctes) + " ") + "SELECT " + alias
        + ".doc AS data FROM " + last + (ordered ? " ORDER BY " + alias + ".n" : ""));
  }

  private void run(BsonArray stages) {
    for (int i = 0; i < stages.size(); i++) {
      BsonValue stage = stages.get(i);
      if (!stage.isDocument() || stage.asDocument().size() != 1) {
        throw new IllegalArgumentException("stage " + (i + 1) + ": a stage is a document of one key such as"
            + " {$match: {...}}");
      }
      String name = stage.asDocument().getFirstKey();
      try {
        stagesRun++;
        stage(name, stage.asDocument().get(name));
        tableDocuments &= Set.of("$match", "$sort", "$limit", "$skip").contains(name);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("stage " + (i + 1) + " (" + name + "): " + e.getMessage(), e);
      }
    }
  }

  /**
   * The current rows as a common table expression of the statement, for a {@code $facet}'s pipelines to read: its
   * name.
   */
  String facetInput() {
    String from = from();
    String a = alias(from);
    String input = prefix + "f" + (++facets);
    ctes.add(input + " AS (SELECT " + a + ".doc, " + a + ".n FROM " + from + ")");
    return input;
  }

  /** The rows of a facet's stages run on the documents of {@code input} ({@link #facetInput}), as a FROM item. */
  String facetRows(String input, BsonArray stages) {
    AggregatePipeline sub = new AggregatePipeline(t, input + "p", ctes);
    sub.select = "SELECT i.doc, i.n FROM " + input + " AS i";
    sub.ordered = ordered;
    sub.tableDocuments = tableDocuments;
    sub.run(stages);
    return sub.from();
  }

  private void stage(String name, BsonValue arg) {
    switch (name) {
      case "$match" -> match(document(name, arg));
      case "$project" -> map(doc -> projection.project(document(name, arg), doc));
      case "$addFields", "$set" -> map(doc -> projection.addFields(document(name, arg), doc));
      case "$unset" -> map(doc -> projection.unset(arg, doc));
      case "$replaceRoot" -> {
        BsonDocument d = document(name, arg);
        if (!d.keySet().equals(Set.of("newRoot"))) {
          throw new IllegalArgumentException("$replaceRoot takes {newRoot: <expression>}");
        }
        replaceRoot(d.get("newRoot"));
      }
      case "$replaceWith" -> replaceRoot(arg);
      case "$group" -> {
        // on Citus, a $group of the table's rows where the WHERE pins the key: one SELECT, which Citus routes to
        // one shard in a generic plan too (it plans no subquery there), kept when it is the last stage
        flat = readsTable() && t.target.distributed() && pinsKey()
            ? AggregateGroup.flat(x, document(name, arg), "{table}" + where()) : null;
        // grouped by the key path: grouped by the key column too, so each group is aggregated on its shard
        String byKey = readsTable() ? AggregateGroup.byKeyColumn(x, document(name, arg), where()) : null;
        if (byKey != null) {
          next(byKey, false);
        } else {
          String from = from();
          next(AggregateGroup.group(x, document(name, arg), from, alias(from)), false);
        }
        flatStage = flat == null ? -1 : stagesRun;
      }
      case "$sortByCount" -> {
        String from = from();
        next(AggregateGroup.sortByCount(x, arg, from, alias(from)), true);
      }
      case "$sort" -> sort(document(name, arg));
      case "$limit", "$skip" -> limit(name, arg);
      case "$count" -> count(arg);
      case "$unwind" -> AggregateUnwind.unwind(this, arg);
      case "$lookup" -> AggregateLookup.lookup(this, projection, arg);
      case "$facet" -> AggregateFacet.facet(this, document(name, arg));
      case "$sample" -> AggregateSample.sample(this, document(name, arg));
      default -> throw new RefusedOperator("stage", name, STAGES);
    }
  }

  private static BsonDocument document(String stage, BsonValue arg) {
    if (!arg.isDocument()) {
      throw new IllegalArgumentException(stage + " takes a document, got " + arg.getBsonType());
    }
    return arg.asDocument();
  }

  /** A $match: on the table while only filters came before it, else on the documents of the stage before. */
  private void match(BsonDocument filter) {
    BsonDocument plain = new BsonDocument();
    BsonValue expr = null;
    for (var e : filter.entrySet()) {
      if (e.getKey().equals("$expr")) {
        expr = e.getValue();
      } else {
        plain.put(e.getKey(), e.getValue());
      }
    }
    if (select == null) {
      tableFilters.add(plain);
      String condition = new FilterTranslator(t).filter(plain);
      if (!condition.equals("TRUE")) {
        tableWhere.add(condition);
      }
      if (expr != null) {
        tableWhere.add(x.bind(x.value(expr, "data"), AggregateExpression::truthy));
      }
      return;
    }
    String from = from();
    String a = alias(from);
    List<String> parts = new ArrayList<>();
    String condition = new FilterTranslator(t).filterOn(plain, a + ".doc");
    if (!condition.equals("TRUE")) {
      parts.add(condition);
    }
    if (expr != null) {
      parts.add(x.bind(x.value(expr, a + ".doc"), AggregateExpression::truthy));
    }
    next("SELECT " + a + ".doc, " + a + ".n FROM " + from + (parts.isEmpty() ? "" : " WHERE "
        + Conditions.and(parts)), ordered, false);
  }

  /** A stage that changes each document: the new document from the column of the document in. */
  private void map(java.util.function.UnaryOperator<String> document) {
    String from = from();
    String a = alias(from);
    next("SELECT " + document.apply(a + ".doc") + " AS doc, " + a + ".n FROM " + from, ordered);
  }

  private void replaceRoot(BsonValue newRoot) {
    String from = from();
    String a = alias(from);
    next("SELECT " + x.value(newRoot, a + ".doc") + " AS doc, " + a + ".n FROM " + from, ordered);
  }

  private void sort(BsonDocument keys) {
    if (keys.isEmpty()) {
      throw new IllegalArgumentException("$sort needs at least one key");
    }
    String orderBy;
    if (select == null) { // on the table: a find's sort, which the table's indexes serve
      orderBy = SortAndProjection.orderBy(keys, t);
      select = "SELECT data AS doc, row_number() OVER (" + orderBy.substring(1) + ") AS n FROM {table}" + where()
          + orderBy;
    } else {
      String from = from();
      String a = alias(from);
      String[] sortOn = SortAndProjection.documentSort(keys, t, a + ".doc", a + "s");
      orderBy = sortOn[1] + ", " + a + ".n";
      select = fenced("SELECT " + a + ".doc, row_number() OVER (" + orderBy.substring(1) + ") AS n FROM " + from + " "
          + sortOn[0] + orderBy);
      computed = false;
    }
    ordered = true;
    sortOpen = 1;
  }

  private void limit(String name, BsonValue arg) {
    String count;
    int p = t.parameters.indexOf(arg);
    if (p >= 0) {
      count = t.placeholder(p, v -> v);
    } else if ((arg.isInt32() || arg.isInt64() || arg.isDouble() && arg.asDouble().getValue() % 1 == 0)
        && arg.asNumber().longValue() >= (name.equals("$limit") ? 1 : 0)) {
      count = Long.toString(arg.asNumber().longValue());
    } else {
      throw new IllegalArgumentException(name + " takes a whole number" + (name.equals("$limit") ? " above 0" : "")
          + " or a parameter, got " + stress.dump.bson.BsonJson.valueToRelaxedJson(arg));
    }
    String clause = name.equals("$limit") ? " LIMIT " + count : " OFFSET " + count;
    if (sortOpen == 1 || sortOpen == 2 && name.equals("$limit")) {
      select += clause;
      sortOpen = name.equals("$skip") ? 2 : 0; // an OFFSET may still be followed by a LIMIT
      return;
    }
    String from = from();
    String a = alias(from);
    next("SELECT " + a + ".doc, " + a + ".n FROM " + from + (ordered ? " ORDER BY " + a + ".n" : "") + clause,
        ordered, false);
    sortOpen = name.equals("$skip") && ordered ? 2 : 0;
  }

  private void count(BsonValue arg) {
    if (!arg.isString() || arg.asString().getValue().isEmpty() || arg.asString().getValue().startsWith("$")
        || arg.asString().getValue().contains(".")) {
      throw new IllegalArgumentException("$count takes the name of the field to write, e.g. {$count: \"n\"}");
    }
    String from = from();
    next("SELECT jsonb_build_object(" + JsonPathText.sql(arg.asString().getValue()) + ", count(*)) AS doc,"
        + " CAST(0 AS bigint) AS n FROM " + from + " HAVING count(*) > 0", false);
  }

  /** True while the stages so far only filter, sort or cut the table's documents: each row is one of them, whole. */
  boolean tableDocuments() {
    return tableDocuments;
  }

  /** True while the stages so far only filter the table: the current rows are the table's own. */
  boolean readsTable() {
    return select == null;
  }

  /** The table's rows the stages so far keep, as a SELECT of {@code columns} (only while {@link #readsTable}). */
  String tableRows(String columns) {
    return "SELECT " + columns + " FROM {table}" + where();
  }

  /** True when the leading {@code $match} stages pin the table's key to one value (or a few): the WHERE routes. */
  private boolean pinsKey() {
    return t.target.keyed() && tableFilters.stream().anyMatch(f -> KeyTargeting.pinnedPaths("find",
        new BsonDocument("filter", f)).contains(t.target.layout().path()));
  }

  /** The filters of the leading {@code $match} stages (only while {@link #readsTable}). */
  List<BsonDocument> tableFilters() {
    return List.copyOf(tableFilters);
  }

  /** A new subquery alias of this pipeline. */
  String nextAlias() {
    return prefix + (++aliases);
  }

  /** The current rows as a FROM item {@code (SELECT ...) AS pN} of columns {@code doc, n}. */
  String from() {
    if (select == null) {
      select = "SELECT data AS doc, CAST(0 AS bigint) AS n FROM {table}" + where() + (t.target.distributed()
          ? " OFFSET 0" : "");
    }
    sortOpen = 0;
    lastInner = select;
    lastComputed = computed;
    lastFrom = "(" + select + ") AS " + prefix + (++aliases);
    if (unwound != null) {
      String p = prefix + aliases;
      x.unwound(p + ".doc", new Unwound(unwound.path(), unwound.index(), p + ".u", p + ".b"));
      unwound = null;
    }
    return lastFrom;
  }

  /**
   * The next stage's SELECT, with the stage it reads fenced ({@code OFFSET 0}) when that stage computes its
   * document and the next one reads it more than once: PostgreSQL would otherwise pull the subquery up and copy the
   * whole expression into every place that reads it, stage after stage, which grows the statement beyond any
   * memory. A stage that only passes documents on (a filter, a sort) is left for the planner to merge.
   */
  private String fenced(String next) {
    if (lastFrom == null || !lastComputed || !next.contains(lastFrom) || lastInner.matches("(?s).* (LIMIT|OFFSET) \\S+")) {
      return next;
    }
    String doc = alias(lastFrom) + ".doc";
    int first = next.indexOf(doc);
    if (first < 0 || next.indexOf(doc, first + 1) < 0) {
      return next;
    }
    return next.replace(lastFrom, "(" + lastInner + " OFFSET 0) AS " + alias(lastFrom));
  }

  private String where() {
    return tableWhere.isEmpty() ? "" : " WHERE " + Conditions.and(tableWhere);
  }

  static String alias(String from) {
    return from.substring(from.lastIndexOf(' ') + 1);
  }

  /** Makes {@code select} the current stage. */
  void next(String select, boolean ordered) {
    next(select, ordered, true);
  }

  /** Makes {@code select} the current stage; {@code computed} when its doc is an expression. */
  void next(String select, boolean ordered, boolean computed) {
    this.unwound = null;
    this.select = fenced(select);
    this.computed = computed;
    this.ordered = ordered;
    this.sortOpen = 0;
  }

  /** The current stage is an {@code $unwind} at {@code path}: see {@link Unwound}. */
  void unwound(java.util.List<String> path, String index) {
    unwound = new Unwound(path, index, null, null);
  }

  boolean ordered() {
    return ordered;
  }

  AggregateExpression expressions() {
    return x;
  }
}
