package stress.live;

import java.util.Locale;

/** Whether an execution ran during warm-up or while measuring: the {@code stage} tag. */
enum Stage {
  WARMUP, MEASURE;

  /** The stage of an execution the run's recorder counted ({@code measured}) or kept out as warm-up. */
  static Stage of(boolean measured) {
    return measured ? MEASURE : WARMUP;
  }

  /** The tag value: {@code warmup} or {@code measure}. */
  String tag() {
    return name().toLowerCase(Locale.ROOT);
  }
}
