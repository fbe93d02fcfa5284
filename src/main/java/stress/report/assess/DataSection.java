package stress.report.assess;

import java.util.ArrayList;
import java.util.List;

/**
 * The data that does not go into PostgreSQL as it is, per collection and kind, counted with a few sample {@code _id}s,
 * each kind with what {@code stress import} does with it as the assessment runs it (its options in {@code import}),
 * and the option that changes that. Every rule is in docs/assess.md ("data") and pinned by a test.
 *
 * @param source      the dump read, or null when there is none ({@code noDump} says why)
 * @param noDump      why nothing was read, or null
 * @param options     the import's options the rules are for: {@code --json-mode relaxed --repeated-fields reject
 *                    --on-error abort}
 * @param rules       every kind's rule, found or not
 * @param depthRule   what nesting depth does on PostgreSQL
 * @param sizeRule    what document size does on PostgreSQL
 * @param collections each collection read
 */
public record DataSection(String source, String noDump, String options, List<Rule> rules, String depthRule,
                          String sizeRule, List<Collection> collections) implements SectionSummary {
  /**
   * What the import does with one kind.
   *
   * @param kind               the kind's key ({@code repeatedFields}, {@code doubleNaN}, ...)
   * @param what               the kind in words
   * @param outcome            {@code rejected} (to the rejects file), {@code stops-collection}, {@code stored-as-object}
   *                           (an Extended JSON object where MongoDB has a scalar), {@code stored-changed}
   * @param storedAs           what is stored, or what the rejects file says
   * @param option             the import option that changes the outcome, or null
   * @param loadableWithOption for a kind the import rejects: whether that option loads the document (else nothing
   *                           loads it: blocked); false for a kind loaded anyway
   * @param change             what to do about it, in words
   */
  public record Rule(String kind, String what, String outcome, String storedAs, String option,
                     boolean loadableWithOption, String change) {
    /** Whether the import, as the assessment runs it, does not load such a document. */
    public boolean rejects() {
      return outcome.equals("rejected") || outcome.equals("stops-collection");
    }
  }

  /**
   * One collection.
   *
   * @param deepest            the deepest nesting of its documents (1: no object or array inside)
   * @param rejected           documents the import would not load as the assessment runs it
   * @param blocked            of those, the ones no option loads
   * @param loadableWithOption of those, the ones an option loads ({@code withOption} names it)
   * @param withOption         the option that loads them, or null
   * @param stopped            why reading stopped before the end (a lost length prefix), or null
   * @param findings           each kind found, with its rule's outcome and option repeated for the verdicts
   */
  public record Collection(String ns, long documents, int deepest, long rejected, long blocked,
                           long loadableWithOption, String withOption, String stopped, List<Finding> findings) {}

  /**
   * One kind in one collection.
   *
   * @param documents documents holding it
   * @param values    values of that kind (for the kinds of a whole document, the documents)
   * @param sampleIds up to 5 of those documents' {@code _id}s as relaxed Extended JSON ({@code #N} when unreadable)
   */
  public record Finding(String kind, long documents, long values, List<String> sampleIds, String outcome,
                        String option, boolean loadableWithOption) {}

  @Override
  public List<String> summaryLines() {
    List<String> lines = new ArrayList<>();
    if (source == null) {
      return List.of("no dump: " + noDump);
    }
    long documents = collections.stream().mapToLong(Collection::documents).sum();
    long rejected = collections.stream().mapToLong(Collection::rejected).sum();
    long blocked = collections.stream().mapToLong(Collection::blocked).sum();
    lines.add(documents + " documents read; " + rejected + " the import would not load (" + blocked
        + " by no option, " + (rejected - blocked) + " with an option)");
    List<String> kinds = new ArrayList<>();
    for (Rule r : rules) {
      long n = collections.stream().flatMap(c -> c.findings().stream()).filter(f -> f.kind().equals(r.kind()))
          .mapToLong(Finding::documents).sum();
      if (n > 0) {
        kinds.add(r.kind() + " " + n);
      }
    }
    lines.add(kinds.isEmpty() ? "every document goes across as it is" : "documents by kind: " + String.join(", ",
        kinds));
    return lines;
  }
}
