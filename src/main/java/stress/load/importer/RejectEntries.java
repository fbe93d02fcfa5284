package stress.load.importer;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import stress.dump.document.DumpDocument;
import stress.dump.document.Rejection;
import stress.table.DocumentTable;

/** The lines a load stream writes to the rejects file, and the texts they carry. */
final class RejectEntries {
  private static final int SHOWN_ID_CHARS = 60;

  private RejectEntries() {}

  static RejectsFile.Entry entry(CollectionRun run, Rejection rejection, boolean skipped) {
    return entry(run, rejection, skipped ? RejectsFile.Action.SKIPPED : RejectsFile.Action.REJECTED);
  }

  static RejectsFile.Entry entry(CollectionRun run, Rejection rejection, RejectsFile.Action action) {
    DocumentTable table = run.table();
    return new RejectsFile.Entry(rejection, run.collection.namespace().toString(),
        table == null ? run.tableName : table.displayName(), action);
  }

  /**
   * Lines for the loaded rows whose document had a repeated field name that --repeated-fields let through: they are
   * loaded, and listed so that the user knows which documents hold one value fewer than MongoDB shows.
   */
  static List<RejectsFile.Entry> repeatedFieldNotes(CollectionRun run, Collection<BatchRow> loaded) {
    List<RejectsFile.Entry> notes = new ArrayList<>();
    for (BatchRow row : loaded) {
      String note = row.kept().repeatedFields();
      if (note != null) {
        notes.add(entry(run, rejection(row.document(), note), RejectsFile.Action.LOADED));
      }
    }
    return notes;
  }

  static Rejection rejection(DumpDocument document, String reason) {
    return new Rejection(document.source(), document.offset(), document.index(), document.length(), reason,
        document.bytes());
  }

  /** An {@code _id} as a reject text shows it: quoted, cut after a few dozen characters. */
  static String shown(String id) {
    String text = id.length() > SHOWN_ID_CHARS ? id.substring(0, SHOWN_ID_CHARS) + "..." : id;
    return "'" + text + "'";
  }

  /** The server's reason for refusing a row, on one line with its SQLState. */
  static String serverMessage(SQLException e) {
    SQLException cause = e instanceof BatchUpdateException && e.getNextException() != null ? e.getNextException() : e;
    String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
    return message.strip().replace('\n', ' ') + (cause.getSQLState() == null ? "" : " (SQLState " + cause.getSQLState() + ")");
  }
}
