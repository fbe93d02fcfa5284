package stress.mongo;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import stress.dump.Corpus;

/** The shared filter fixture file beside the shared corpus; a test that needs it is skipped, saying why, without it. */
final class SharedFilterFixture {
  private SharedFilterFixture() {}

  /** {@code ../shared/fixtures/mongo-filters/expected.jsonl}, or the test aborted naming {@code what} was skipped. */
  static Path file(String what) {
    Path corpus = Corpus.find().orElse(null);
    assumeTrue(corpus != null, Corpus.whereLooked() + "; " + what + " skipped");
    Path fixture = corpus.resolve("../../fixtures/mongo-filters/expected.jsonl").normalize();
    assumeTrue(Files.isRegularFile(fixture), fixture + " not found; " + what + " skipped");
    return fixture;
  }
}
