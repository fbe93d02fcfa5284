package stress.app.assess;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import stress.dump.DocumentStream;
import stress.dump.DumpCollection;
import stress.dump.DumpFormatException;
import stress.dump.ReadPolicy;
import stress.dump.bson.BsonJson;
import stress.dump.bson.DocumentKinds;
import stress.dump.bson.DocumentKinds.Kind;
import stress.dump.document.DumpDocument;
import stress.dump.document.ReadItem;
import stress.dump.document.Rejection;
import stress.report.assess.DataSection;

/**
 * One collection read once, every document through {@link DocumentKinds}: per kind the documents and values that hold
 * it and up to {@link #SAMPLES} of their {@code _id}s, the deepest nesting, and the documents the import would not load
 * ({@link DataRules}), split into those no option loads and those an option does.
 */
final class DataScan {
  static final int SAMPLES = 5;
  private static final Kind[] KINDS = Kind.values();

  private final DocumentKinds kinds = new DocumentKinds();
  private final long[] documents = new long[KINDS.length];
  private final long[] values = new long[KINDS.length];
  private final Map<Kind, List<String>> samples = new EnumMap<>(Kind.class);
  private long read;
  private int deepest;
  private long rejected;
  private long blocked;
  private String stopped;

  /** Reads the collection and returns its part of the section. */
  static DataSection.Collection of(DumpCollection collection) throws IOException {
    DataScan scan = new DataScan();
    try (DocumentStream stream = collection.open(ReadPolicy.SKIP).withoutDecodeCheck()) {
      ReadItem item;
      while ((item = stream.next()) != null) {
        if (item instanceof DumpDocument d) {
          scan.accept(d.bytes(), d.index());
        } else {
          scan.undecodable((Rejection) item);
        }
      }
    } catch (DumpFormatException e) {
      // a lost length prefix: nothing after it can be read, by the import either
      scan.stopped = e.getMessage();
      e.rejection().ifPresent(scan::undecodable);
    }
    return scan.section(collection.namespace().database() + "." + collection.namespace().collection());
  }

  void accept(byte[] bytes, long index) {
    read++;
    kinds.scan(bytes);
    deepest = Math.max(deepest, kinds.depth());
    if (!kinds.any()) {
      return;
    }
    String id = null;
    boolean rejects = false;
    boolean loadable = true;
    for (Kind k : KINDS) {
      int n = kinds.count(k);
      if (n == 0) {
        continue;
      }
      documents[k.ordinal()]++;
      values[k.ordinal()] += n;
      List<String> list = samples.computeIfAbsent(k, x -> new ArrayList<>(SAMPLES));
      if (list.size() < SAMPLES) {
        id = id != null ? id : kinds.count(Kind.UNDECODABLE) > 0 ? "#" + index : idText(bytes, index);
        list.add(id);
      }
      DataSection.Rule rule = DataRules.RULES.get(k);
      if (rule.rejects()) {
        rejects = true;
        loadable &= rule.loadableWithOption();
      }
    }
    if (rejects) {
      rejected++;
      if (!loadable) {
        blocked++;
      }
    }
  }

  private void undecodable(Rejection r) {
    read++;
    int k = Kind.UNDECODABLE.ordinal();
    documents[k]++;
    values[k]++;
    List<String> list = samples.computeIfAbsent(Kind.UNDECODABLE, x -> new ArrayList<>(SAMPLES));
    if (list.size() < SAMPLES) {
      list.add("#" + r.index());
    }
    rejected++;
    blocked++;
  }

  /** The document's {@code _id} as relaxed Extended JSON, or {@code #INDEX} when it has none or it cannot be written. */
  static String idText(byte[] bytes, long index) {
    try {
      BsonValue id = new RawBsonDocument(bytes).get("_id");
      if (id == null) {
        return "#" + index;
      }
      try {
        return BsonJson.valueToRelaxedJson(id);
      } catch (IllegalArgumentException e) {
        return id.toString(); // a NUL in the _id: jsonb cannot hold its text, a sample may
      }
    } catch (RuntimeException e) {
      return "#" + index;
    }
  }

  private DataSection.Collection section(String ns) {
    List<DataSection.Finding> findings = new ArrayList<>();
    for (Kind k : KINDS) {
      if (documents[k.ordinal()] > 0) {
        DataSection.Rule rule = DataRules.RULES.get(k);
        findings.add(new DataSection.Finding(rule.kind(), documents[k.ordinal()], values[k.ordinal()],
            List.copyOf(samples.get(k)), rule.outcome(), rule.option(), rule.loadableWithOption()));
      }
    }
    long withOption = rejected - blocked;
    String option = findings.stream().filter(f -> f.loadableWithOption()).map(DataSection.Finding::option)
        .distinct().reduce((a, b) -> a + " " + b).orElse(null);
    return new DataSection.Collection(ns, read, deepest, rejected, blocked, withOption, option, stopped, findings);
  }
}
