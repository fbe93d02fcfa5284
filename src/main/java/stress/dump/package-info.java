/**
 * Reading mongodump output and turning each document into a row {@code (_id, data jsonb)}. Only this
 * package imports org.bson; its public API speaks in bytes, strings and Java values.
 *
 * <p>Typical use, as an importer would do it:
 * <pre>{@code
 * DumpSource source = new DumpScanner().scan(path);          // notices: source.notices()
 * for (DumpCollection collection : source.collections()) {
 *   IdDetection ids = IdTypeDetector.detect(collection, ReadPolicy.SKIP);   // first pass
 *   DocumentConverter converter = new DocumentConverter(JsonFormat.RELAXED, ids.converter());
 *   try (DocumentStream documents = collection.open(ReadPolicy.SKIP)) {
 *     for (ReadItem item; (item = documents.next()) != null; ) {
 *       if (item instanceof DumpDocument document) {
 *         try {
 *           ConvertedDocument row = converter.convert(document);  // row.id(), row.idText(), row.json()
 *         } catch (DocumentRejectedException e) {
 *           keep(e.rejection());                                  // no _id, id does not fit, NUL...
 *         }
 *       } else {
 *         keep((Rejection) item);                                 // undecodable BSON (SKIP only)
 *       }
 *     }
 *   } catch (DumpFormatException e) {                           // framing lost, or ABORT
 *     e.rejection().ifPresent(r -> keep(r));
 *     report(e.getMessage());                                   // one line: file, byte offset, reason
 *   }
 * }
 * }</pre>
 *
 * <p>The JSON and {@code _id} rules are in {@code docs/bson-to-jsonb.md}.
 */
package stress.dump;
