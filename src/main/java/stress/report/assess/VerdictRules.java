package stress.report.assess;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The written rules that turn an assessment's sections into verdicts (docs/assess.md, "Verdicts"). Each section gives
 * its findings by the rules of its own method below; a collection is <em>blocked</em> when any finding about it is a
 * blocker, <em>ready with changes</em> when any is a change, else <em>ready</em>; the application likewise over every
 * finding. What a step did not find out (skipped, failed, not checked) is a finding of its own, "not determined", which
 * changes no verdict but is listed beside it.
 */
public final class VerdictRules {
  private VerdictRules() {}

  /** The application's verdict first, then one per collection in name order. */
  public static List<Verdict> of(JsonNode assessment) {
    List<Finding> findings = findings(assessment);
    Set<String> collections = new TreeSet<>();
    WorkloadSection workload = AssessmentReport.section(assessment, "workload", WorkloadSection.class);
    if (workload != null) {
      workload.files().forEach(f -> collections.add(f.ns()));
    }
    ImportSection imported = AssessmentReport.section(assessment, "import", ImportSection.class);
    if (imported != null) {
      imported.tables().forEach(t -> collections.add(t.ns()));
    }
    findings.stream().filter(f -> f.ns() != null).forEach(f -> collections.add(f.ns()));
    List<Verdict> verdicts = new ArrayList<>();
    verdicts.add(new Verdict(null, outcome(findings), findings.stream().filter(f -> f.weight() != Finding.Weight.NOTE
        || f.ns() == null).toList()));
    for (String ns : collections) {
      List<Finding> own = findings.stream().filter(f -> ns.equals(f.ns())).toList();
      verdicts.add(new Verdict(ns, outcome(own), own));
    }
    return verdicts;
  }

  /** Blocked by any blocker, else ready with changes by any change, else ready. */
  static Verdict.Outcome outcome(List<Finding> findings) {
    if (findings.stream().anyMatch(f -> f.weight() == Finding.Weight.BLOCKER)) {
      return Verdict.Outcome.BLOCKED;
    }
    if (findings.stream().anyMatch(f -> f.weight() == Finding.Weight.CHANGE)) {
      return Verdict.Outcome.READY_WITH_CHANGES;
    }
    return Verdict.Outcome.READY;
  }

  /** Every section's findings, by the rules of each, and a finding per step that did not finish. */
  static List<Finding> findings(JsonNode assessment) {
    List<Finding> all = new ArrayList<>();
    for (JsonNode step : assessment.path("plan")) {
      String status = step.path("status").asText();
      String reason = step.path("reason").asText("");
      if (status.equals("skipped") && !reason.startsWith("over --budget")) {
        // a step that does not apply (no cluster, no dump) leaves nothing undetermined
        all.add(new Finding(null, Finding.Weight.NOTE, step.path("step").asText(), "step " + step.path("step")
            .asText() + " skipped: " + reason, null));
      } else if (!status.equals("done")) {
        all.add(new Finding(null, Finding.Weight.UNDETERMINED, step.path("step").asText(), "step "
            + step.path("step").asText() + " " + status + (reason.isEmpty() ? "" : ": " + reason)
            + ": what it finds out is not determined", null));
      }
    }
    WorkloadSection workload = AssessmentReport.section(assessment, "workload", WorkloadSection.class);
    if (workload != null) {
      all.addAll(workload(workload));
    }
    InventorySection inventory = AssessmentReport.section(assessment, "inventory", InventorySection.class);
    if (inventory != null) {
      all.addAll(inventory(inventory));
    }
    DataSection data = AssessmentReport.section(assessment, "data", DataSection.class);
    if (data != null) {
      all.addAll(data(data));
    }
    ImportSection imported = AssessmentReport.section(assessment, "import", ImportSection.class);
    if (imported != null) {
      all.addAll(imported(imported, data != null && data.source() != null));
    }
    OperationsSection operations = AssessmentReport.section(assessment, "operations", OperationsSection.class);
    if (operations != null) {
      all.addAll(operations(operations));
    }
    IndexesSection indexes = AssessmentReport.section(assessment, "indexes", IndexesSection.class);
    if (indexes != null) {
      all.addAll(indexes(indexes, operations));
    }
    LayoutSection layout = AssessmentReport.section(assessment, "layout", LayoutSection.class);
    if (layout != null) {
      all.addAll(layout(layout));
    }
    SpeedSection speed = AssessmentReport.section(assessment, "speed", SpeedSection.class);
    if (speed != null) {
      all.addAll(speed(speed));
    }
    return all;
  }

  /**
   * The operations: a shape the translation refuses blocks its collection (with its share and the refusal's advice), so
   * does an answer that differs from MongoDB's or that PostgreSQL refuses; a named difference is noted with its share;
   * answers not checked (no MongoDB server given, or the checks could not run) are not determined.
   */
  static List<Finding> operations(OperationsSection o) {
    List<Finding> f = new ArrayList<>();
    // the refused shapes of one collection grouped by what they use and the advice: one blocker each, shares added
    java.util.Map<List<String>, Double> refused = new java.util.LinkedHashMap<>();
    for (OperationsSection.Shape s : o.shapes()) {
      if (s.status().equals(OperationsSection.REFUSED)) {
        refused.merge(java.util.Arrays.asList(s.ns(), s.kind() + " uses " + (s.refusedOperator() == null
            ? "what the translation refuses" : s.refusedOperator()) + " (refused)" + (s.change() == null ? ""
            : ": " + s.change())), s.share(), Double::sum);
      }
    }
    refused.forEach((key, share) -> f.add(new Finding(key.get(0), Finding.Weight.BLOCKER, "operations", key.get(1),
        share)));
    for (OperationsSection.Shape s : o.shapes()) {
      if (s.status().equals(OperationsSection.REFUSED)) {
        continue;
      } else if (s.status().equals(OperationsSection.WITH_DIFFERENCE)) {
        f.add(new Finding(s.ns(), Finding.Weight.NOTE, "operations", s.operation() + " translates with a difference: "
            + s.difference(), s.share()));
      }
      if (s.check() != null && (s.check().equals("different") || s.check().equals("refused by PostgreSQL"))) {
        f.add(new Finding(s.ns(), Finding.Weight.BLOCKER, "operations", s.operation() + ": the answer is "
            + s.check() + (s.checkLine() == null ? "" : " (" + s.checkLine() + ")"), s.share()));
      }
    }
    if (o.against() == null) {
      f.add(new Finding(null, Finding.Weight.UNDETERMINED, "operations", "answers not checked against MongoDB (no"
          + " --against)", null));
    } else if (o.checkProblem() != null) {
      f.add(new Finding(null, Finding.Weight.UNDETERMINED, "operations", "answers not checked: " + o.checkProblem(),
          null));
    }
    return f;
  }

  /** A shape's share of the logged operations as the operations section gives it, or null. */
  private static Double share(OperationsSection o, String ns, String operation) {
    if (o == null) {
      return null;
    }
    return o.shapes().stream().filter(s -> s.ns().equals(ns) && s.operation().equals(operation)).findFirst()
        .map(OperationsSection.Shape::share).orElse(null);
  }

  /**
   * The indexes: each index built for the application (the dump's, or suggested and kept) is a change to make; a dump
   * index no PostgreSQL index replaces is a change (what to do instead); a shape still served by a scan is noted; a
   * collection whose indexes could not be worked out is not determined.
   */
  static List<Finding> indexes(IndexesSection s, OperationsSection operations) {
    List<Finding> f = new ArrayList<>();
    for (IndexesSection.Collection c : s.collections()) {
      if (c.error() != null) {
        f.add(new Finding(c.ns(), Finding.Weight.UNDETERMINED, "indexes", "indexes not worked out: " + c.error(),
            null));
      }
      for (IndexesSection.DumpIndex d : c.dumpIndexes()) {
        if (!d.buildable()) {
          f.add(new Finding(c.ns(), Finding.Weight.CHANGE, "indexes", "MongoDB index " + d.name() + " (" + d.kind()
              + ") has no PostgreSQL index" + (d.instead() == null ? "" : ": " + d.instead()), null));
        }
      }
      for (IndexesSection.Built b : c.built()) {
        f.add(new Finding(c.ns(), Finding.Weight.CHANGE, "indexes", "build " + b.createIndex() + " ("
            + (b.source().equals("dump") ? "the dump's index" : "suggested for the logged operations") + ")", null));
      }
    }
    for (IndexesSection.Shape shape : s.shapes()) {
      if (!shape.served()) {
        f.add(new Finding(shape.ns(), Finding.Weight.NOTE, "indexes", shape.operation() + " is served by "
            + shape.index() + " (no index serves it)", share(operations, shape.ns(), shape.operation())));
      }
    }
    return f;
  }

  /**
   * The layout on a cluster: each collection's layout (its import option) is a change to make; a collection whose
   * layout could not be worked out is not determined; a shape that reaches every shard is noted.
   */
  static List<Finding> layout(LayoutSection s) {
    List<Finding> f = new ArrayList<>();
    for (LayoutSection.Collection c : s.collections()) {
      if (c.error() != null) {
        f.add(new Finding(c.ns(), Finding.Weight.UNDETERMINED, "layout", "layout not worked out: " + c.error(), null));
      } else if (c.importOption() != null) {
        f.add(new Finding(c.ns(), Finding.Weight.CHANGE, "layout", c.layout() + ": import with " + c.importOption()
            + (c.reason() == null ? "" : " (" + c.reason() + ")"), null));
      }
    }
    for (LayoutSection.Shape shape : s.shapes()) {
      if ("all".equals(shape.route())) {
        f.add(new Finding(shape.ns(), Finding.Weight.NOTE, "layout", shape.operation() + " reaches every shard under"
            + " the chosen layout", null));
      }
    }
    return f;
  }

  /**
   * The speed: failed executions of a shape block its collection; a capacity vouched for below the logged peak (its
   * busiest second; the logged rate where no peak is known) blocks the application, one at or above it is noted with
   * its multiples; no capacity vouched for, or none searched, is not determined. The latencies beside MongoDB's are
   * evidence, not a rule: a scan the indexes section finds is its change.
   */
  static List<Finding> speed(SpeedSection s) {
    List<Finding> f = new ArrayList<>();
    for (SpeedSection.Shape shape : s.perShape()) {
      if (shape.errors() > 0) {
        f.add(new Finding(shape.ns(), Finding.Weight.BLOCKER, "speed", shape.operation() + ": " + shape.errors()
            + " of " + (shape.executions() + shape.errors()) + " executions failed on the target (their errors in"
            + " the application run's output)", null));
      }
    }
    SpeedSection.Capacity c = s.capacity();
    if (c == null) {
      return f;
    }
    if (c.skipped() != null) {
      f.add(new Finding(null, Finding.Weight.UNDETERMINED, "speed", "capacity not searched: " + c.skipped(), null));
    } else if (!c.vouched()) {
      f.add(new Finding(null, Finding.Weight.UNDETERMINED, "speed", "no capacity vouched for at " + c.objective()
          + (c.cause() == null ? "" : "; cause: " + c.cause()), null));
    } else if (c.multipleOfLoggedRate() == null) {
      f.add(new Finding(null, Finding.Weight.NOTE, "speed", String.format(Locale.ROOT, "holds %.0f ops/s at %s; the"
          + " log shows no rate to compare it with", c.opsPerSecond(), c.objective()), null));
    } else if (c.multipleOfLoggedPeak() == null) {
      f.add(new Finding(null, c.multipleOfLoggedRate() < 1 ? Finding.Weight.BLOCKER : Finding.Weight.NOTE, "speed",
          String.format(Locale.ROOT, "holds %.2f× the logged rate at %s (%.0f of %.1f ops/s); the logged peak is not"
              + " known", c.multipleOfLoggedRate(), c.objective(), c.opsPerSecond(), c.loggedRate()), null));
    } else {
      f.add(new Finding(null, c.multipleOfLoggedPeak() < 1 ? Finding.Weight.BLOCKER : Finding.Weight.NOTE, "speed",
          String.format(Locale.ROOT, "holds %.2f× the logged peak at %s (%.0f of %.0f ops/s, the log's busiest"
              + " second) and %.2f× the logged rate (%.1f ops/s)", c.multipleOfLoggedPeak(), c.objective(),
              c.opsPerSecond(), c.loggedPeak(), c.multipleOfLoggedRate(), c.loggedRate()), null));
    }
    return f;
  }

  /** The inventory: a collection the log uses and the dump lacks is not measured; one the log never uses is noted. */
  static List<Finding> inventory(InventorySection i) {
    List<Finding> f = new ArrayList<>();
    for (String ns : i.logOnly()) {
      InventorySection.Collection c = i.collections().stream().filter(x -> x.ns().equals(ns)).findFirst()
          .orElse(null);
      Double share = c == null || c.log() == null ? null : c.log().share();
      f.add(new Finding(ns, Finding.Weight.UNDETERMINED, "inventory", "the log uses " + ns + ", which the dump"
          + " lacks: its operations run on no data of the application's", share));
    }
    for (String ns : i.dumpOnly()) {
      f.add(new Finding(ns, Finding.Weight.NOTE, "inventory", "the log shows no operation on " + ns, null));
    }
    return f;
  }

  /**
   * The data: documents no import option loads are a blocker, those an option loads a change (the option), a
   * collection whose reading stops at broken input a blocker; values stored in another form are noted with the rule's
   * advice.
   */
  static List<Finding> data(DataSection d) {
    List<Finding> f = new ArrayList<>();
    java.util.Map<String, DataSection.Rule> rules = new java.util.HashMap<>();
    d.rules().forEach(r -> rules.put(r.kind(), r));
    for (DataSection.Collection c : d.collections()) {
      if (c.blocked() > 0) {
        f.add(new Finding(c.ns(), Finding.Weight.BLOCKER, "data", c.blocked() + " of " + c.documents()
            + " documents no import option loads (" + kinds(c, rules, true, false) + ")", null));
      }
      if (c.loadableWithOption() > 0) {
        f.add(new Finding(c.ns(), Finding.Weight.CHANGE, "data", "import with " + c.withOption() + ": it loads "
            + c.loadableWithOption() + " documents the default rejects (" + kinds(c, rules, true, true) + ")", null));
      }
      if (c.stopped() != null) {
        f.add(new Finding(c.ns(), Finding.Weight.BLOCKER, "data", "reading stops before the end: " + c.stopped(),
            null));
      }
      for (DataSection.Finding k : c.findings()) {
        DataSection.Rule r = rules.get(k.kind());
        if (r != null && !r.rejects()) {
          f.add(new Finding(c.ns(), Finding.Weight.NOTE, "data", k.documents() + " documents hold " + r.what()
              + ": stored as " + r.storedAs() + (r.change() == null ? "" : "; " + r.change()), null));
        }
      }
    }
    return f;
  }

  private static String kinds(DataSection.Collection c, java.util.Map<String, DataSection.Rule> rules,
                              boolean rejecting, boolean loadable) {
    List<String> kinds = new ArrayList<>();
    for (DataSection.Finding k : c.findings()) {
      DataSection.Rule r = rules.get(k.kind());
      if (r != null && r.rejects() == rejecting && k.loadableWithOption() == loadable) {
        kinds.add(r.what() + ": " + k.documents() + (k.sampleIds().isEmpty() ? "" : ", e.g. _id "
            + String.join(", ", k.sampleIds())));
      }
    }
    return String.join("; ", kinds);
  }

  /**
   * The workload: a log-less assessment knows only lookups by {@code _id}, and the log's entries no collection's file
   * holds are noted (the operations section weighs those the translation refuses).
   */
  static List<Finding> workload(WorkloadSection w) {
    List<Finding> f = new ArrayList<>();
    if (w.source().equals("dump")) {
      f.add(new Finding(null, Finding.Weight.UNDETERMINED, "workload", "no log: only a lookup by _id per collection"
          + " was assessed, not the application's own operations", null));
    }
    for (WorkloadSection.StandIn s : w.standIns()) {
      f.add(new Finding(s.ns(), Finding.Weight.UNDETERMINED, "workload", "no dump: the table holds "
          + s.documents() + " stand-in documents built from the log's values, so every figure of it is of them, not"
          + " of the application's data", null));
    }
    return f;
  }

  /**
   * The import: a collection import did not read to its end (stopped, failed, interrupted) is blocked; documents it
   * rejected are a blocker when the data section did not read the dump (when it did, its rules weigh them: blocked,
   * or a change where an option loads them).
   */
  static List<Finding> imported(ImportSection i, boolean dataRead) {
    List<Finding> f = new ArrayList<>();
    for (ImportSection.Table t : i.tables()) {
      if (!t.status().equals("loaded")) {
        f.add(new Finding(t.ns(), Finding.Weight.BLOCKER, "import", "import " + t.status() + (t.message() == null
            ? "" : ": " + t.message()), null));
      } else if (t.rejected() > 0 && !dataRead) {
        f.add(new Finding(t.ns(), Finding.Weight.BLOCKER, "import", String.format(Locale.ROOT, "%d of %d documents"
            + " rejected by the import (each with its reason in %s)", t.rejected(), t.read(), i.rejectsFile()), null));
      }
      if (t.repeatedFields() > 0) {
        f.add(new Finding(t.ns(), Finding.Weight.NOTE, "import", t.repeatedFields() + " documents with repeated field"
            + " names", null));
      }
    }
    return f;
  }
}
