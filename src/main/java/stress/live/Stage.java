package stress.live;

import java.util.Locale;

/** Whether an execution ran during warm-up or while measuring: the {@code stage} tag. */
enum Stage {
  WARMUP, MEASURE;

  /** The tag value: {@code warmup} or {@code measure}. */
  String tag() {
    return name().toLowerCase(Locale.ROOT);
  }
}
