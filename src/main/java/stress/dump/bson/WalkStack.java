package stress.dump.bson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The open containers of the document {@link BsonWalker} is walking, innermost last, with the names seen in each
 * object (to find a repeated one) and the repeats a policy let through. Each thread keeps its stack from document to
 * document: walking allocates nothing of its own, which matters at tens of thousands of documents a second.
 */
final class WalkStack {
  /** Objects with up to this many fields check for a repeated name by a plain scan, cheaper than hashing. */
  static final int SCANNED_NAMES = 16;

  /** One open document or array. */
  static final class Level {
    boolean array;
    int index;
    String name;
    final String[] firstNames = new String[SCANNED_NAMES];
    int nameCount;
    Set<String> names;

    void reset(boolean isArray) {
      array = isArray;
      index = -1;
      name = null;
      Arrays.fill(firstNames, 0, nameCount, null);
      nameCount = 0;
      names = null;
    }
  }

  /** Deeper stacks than this are not kept for the next document. */
  private static final int KEPT_DEPTH = 256;

  Level[] open = new Level[16];
  int depth;
  /** While not -1: the depth whose current value is being read without being written (a repeated name, FIRST). */
  int mutedFrom = -1;
  int repeats;
  String firstRepeat;
  boolean repeatedId;

  void push(boolean array) {
    if (depth == open.length) {
      open = Arrays.copyOf(open, depth * 2);
    }
    if (open[depth] == null) {
      open[depth] = new Level();
    }
    open[depth++].reset(array);
  }

  Level peek() {
    return open[depth - 1];
  }

  void pop() {
    depth--;
  }

  boolean isEmpty() {
    return depth == 0;
  }

  /** Dotted path of the current element, array positions as numbers (MongoDB's notation). */
  String path() {
    List<String> parts = new ArrayList<>(depth);
    for (int i = 0; i < depth; i++) {
      parts.add(open[i].array ? Integer.toString(open[i].index) : open[i].name);
    }
    return String.join(".", parts);
  }

  boolean muted() {
    return mutedFrom >= 0;
  }

  void clear() {
    depth = 0;
    mutedFrom = -1;
    repeats = 0;
    firstRepeat = null;
    repeatedId = false;
    if (open.length > KEPT_DEPTH) {
      open = new Level[16];
    }
  }
}
