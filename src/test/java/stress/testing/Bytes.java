package stress.testing;

/** Byte-array searches for tests. */
public final class Bytes {
  private Bytes() {}

  /** Where {@code needle} first occurs in {@code haystack}, or -1. */
  public static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
