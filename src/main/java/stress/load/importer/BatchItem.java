package stress.load.importer;

import stress.dump.document.Rejection;

/** One item of a {@link Batch}, in read order: a converted document, or a document refused while reading it. */
sealed interface BatchItem permits KeptDocument, BatchItem.Refused {
  /** 0-based position of the document in its collection. */
  long index();

  /** Number of stream bytes the item covers. */
  long length();

  /** A document refused before loading (undecodable, or no row possible), with the reason. */
  record Refused(Rejection rejection) implements BatchItem {
    @Override
    public long index() {
      return rejection.index();
    }

    @Override
    public long length() {
      return rejection.length();
    }
  }
}
