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

  GeneratedRows(DocumentGenerator generator, long first, long last, BooleanSupplier aborted) {
    this.generator = generator;
    this.next = first;
    this.last = last;
    this.aborted = aborted;
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
    return new DocumentRow(Long.toString(id), generator.generate(id).json());
  }
}
