package stress.model;

/** What to do when a document table (or its copy table) already exists. */
public enum ExistingTablePolicy {
  /** Stop with a message naming the table; nothing is changed. The default. */
  FAIL_IF_EXISTS,
  /** Use the existing tables as they are, with the {@code _id} type they have. */
  REUSE,
  /** Drop both tables and create them anew. */
  DROP_EXISTING
}
