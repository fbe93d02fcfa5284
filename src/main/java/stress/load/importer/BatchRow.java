package stress.load.importer;

import stress.dump.document.DumpDocument;
import stress.load.EncodedRow;

/** A row for the table and the document it came from, as the load stream settles and writes it. */
record BatchRow(KeptDocument kept) {
  String id() {
    return kept.row().id();
  }

  EncodedRow encoded() {
    return kept.row();
  }

  /** The document whole again (a copy): for the rare paths that reject it or convert it once more. */
  DumpDocument document() {
    return kept.document();
  }
}
