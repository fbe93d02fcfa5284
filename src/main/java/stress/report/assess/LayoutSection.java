package stress.report.assess;

import java.util.ArrayList;
import java.util.List;

/**
 * The layout on a cluster (Citus, Postgres-XL, Greenplum): per collection the shard-key ranking {@code stress analyze
 * --shard-key} gives, the layout chosen from it (distributed by the best key, or a reference table for a small
 * collection that is seldom written), the import option that makes it, the collections co-located with it (distributed
 * by columns of one type), and each shape's route under it.
 *
 * @param referenceMaxDocuments a collection of at most this many documents may be a reference table
 * @param referenceMaxBytes     ... and of at most this many bytes
 * @param referenceMaxWriteShare ... whose writes are at most this share of its operations' weight
 */
public record LayoutSection(String target, long referenceMaxDocuments, long referenceMaxBytes,
                            double referenceMaxWriteShare, List<Collection> collections, List<Shape> shapes)
    implements SectionSummary {
  /** One candidate key as the ranking gives it: its rank, and why it is unfit (null when fit) or how it ranks. */
  public record Candidate(int rank, String path, String unfit, String reason) {}

  /**
   * One collection.
   *
   * @param layout       {@code distributed by PATH} or {@code reference}
   * @param key          the distribution path, null for a reference table
   * @param importOption the option of {@code stress import} that makes the layout ({@code --distribute-by NS=PATH},
   *                     {@code --reference NS}), null for import's default (by {@code _id})
   * @param writeShare   its writes' share of its operations' weight
   * @param joins        operations whose joins reach every shard under the key
   * @param error        why the ranking was not read, or null
   * @param keyType      the distribution column's type ({@code bigint}, {@code text}, ...; for {@code _id} import's,
   *                     for a key the one import would choose), in parentheses why it is not known; null for a
   *                     reference table
   * @param colocatedWith the other collections distributed by a column of that type: co-located with this one, so
   *                      joins and {@code $lookup}s on the keys run on each node
   */
  public record Collection(String ns, String table, long documents, long bytes, List<Candidate> ranking,
                           String layout, String key, String importOption, String reason, double writeShare,
                           List<String> joins, String error, String keyType, List<String> colocatedWith) {
    public Collection {
      colocatedWith = colocatedWith == null ? List.of() : List.copyOf(colocatedWith);
    }

    /** The layout before its co-location is known. */
    public Collection(String ns, String table, long documents, long bytes, List<Candidate> ranking, String layout,
                      String key, String importOption, String reason, double writeShare, List<String> joins,
                      String error) {
      this(ns, table, documents, bytes, ranking, layout, key, importOption, reason, writeShare, joins, error, null,
          List.of());
    }

    /** The same collection with its key's type and its co-location partners. */
    public Collection withColocation(String type, List<String> partners) {
      return new Collection(ns, table, documents, bytes, ranking, layout, key, importOption, reason, writeShare, joins,
          error, type, partners);
    }
  }

  /** One operation's route under the collection's chosen layout: {@code single}, {@code several} or {@code all}. */
  public record Shape(String ns, String operation, String route) {}

  @Override
  public List<String> summaryLines() {
    List<String> lines = new ArrayList<>();
    for (Collection c : collections) {
      long single = shapes.stream().filter(s -> s.ns().equals(c.ns()) && s.route().equals("single")).count();
      long of = shapes.stream().filter(s -> s.ns().equals(c.ns())).count();
      lines.add(c.ns() + ": " + (c.error() != null ? c.error() : c.layout() + (c.keyType() == null ? ""
          : " " + c.keyType()) + " (" + (c.importOption() == null ? "import's default" : c.importOption()) + "), "
          + single + " of " + of + " shapes on one node" + (c.colocatedWith().isEmpty() ? ""
          : "; co-located with " + String.join(", ", c.colocatedWith()))));
    }
    return lines.size() > 6 ? lines.subList(0, 6) : lines;
  }
}
