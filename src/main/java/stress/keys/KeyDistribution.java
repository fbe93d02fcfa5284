package stress.keys;

import java.util.SplittableRandom;
import stress.model.Distribution;

/** Chooses an index in 0..n-1. Implementations are immutable and shared by all workers. */
public interface KeyDistribution {

  /** The next index, using the caller's own random source (one per worker: no contention). */
  long next(SplittableRandom random);

  /** One line for reports. */
  String describe();

  /** The {@code --distribution} named over n keys. */
  static KeyDistribution of(Distribution distribution, long n, double zipfConstant) {
    return switch (distribution) {
      case UNIFORM -> new UniformDistribution(n);
      case ZIPFIAN -> new ScrambledZipfianDistribution(n, zipfConstant);
      case LATEST -> new LatestDistribution(n, zipfConstant);
    };
  }
}
