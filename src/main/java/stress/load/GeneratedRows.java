package stress.load;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import stress.dump.generate.DocumentGenerator;

/** Generated documents with keys {@code first..last} as rows, produced one at a time as COPY asks for them. */
final class GeneratedRows implements Iterator<DocumentRow> {
  private final DocumentGenerator generator;
  private final long last;
  private final BooleanSupplier aborted;
  private long next;
  /** The table's layout; with a key, each row carries the value at its path. */
  private final stress.table.Layout layout;
  private final stress.dump.KeyPath key;

  GeneratedRows(DocumentGenerator generator, long first, long last, BooleanSupplier aborted) {
    this(generator, first, last, aborted, stress.table.Layout.ID);
  }

  GeneratedRows(DocumentGenerator generator, long first, long last, BooleanSupplier aborted,
                stress.table.Layout layout) {
    this.generator = generator;
    this.next = first;
    this.last = last;
    this.aborted = aborted;
    this.layout = layout;
    this.key = layout.keyed() ? new stress.dump.KeyPath(layout.path()) : null;
  }

  @Override
  public boolean hasNext() {
    // Throwing (not returning false) makes the loader cancel its open COPY instead of committing a partial batch.
    if (aborted.getAsBoolean()) {
      throw new CancellationException("stopped because another load stream failed");
    }
    return next <= last;
  }

  @Override
  public DocumentRow next() {
    if (next > last) {
      throw new NoSuchElementException();
    }
    long id = next++;
    stress.dump.generate.GeneratedDocument document = generator.generate(id);
    return new DocumentRow(Long.toString(id), document.json(),
        key == null ? null : GeneratedLayout.text(key, layout, document.document(), id));
  }
}
