package stress.jmh;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import stress.dump.BsonDocumentReader;
import stress.dump.bson.CopyFieldJson;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.dump.bson.JsonFormat;
import stress.dump.document.ReadItem;
import stress.dump.ReadPolicy;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.load.CopyTextWriter;
import stress.load.EncodedRow;
import stress.table.IdType;

/**
 * The import's per-document path ({@link BsonToJsonBenchmark#copyField}: frame, then one pass into a COPY row,
 * org.bson's JSON writer for the documents {@link CopyFieldJson} leaves to it) on the
 * documents of real mongodump files, one collection per {@code file}, beside the generated shapes
 * ({@code generated:small}, {@code generated:large}, and {@code generated:cjk}: long nested CJK documents,
 * {@link CjkDocuments}) so the two compare in one table. The files are read from the
 * shared corpus ({@code $STRESS_DUMP_CORPUS}, else {@code ../shared/datasets/mongodump}); the defaults are its
 * larger collections, and {@code -p file=dir/db/coll.bson} picks any other. A file that is not there fails its own
 * trial with a message naming it (JMH goes on with the next), it is never measured as empty.
 *
 * <p>Every document of the file is read into memory before the trial and converted in turn, so reading the file is
 * not measured. The {@code _id} column is text ({@code IdType.TEXT}), which takes every kind of {@code _id}. The
 * auxiliary counter {@code bsonBytes} is BSON input bytes per second: / 10^6 = MB/s per core (one thread). Run:
 * {@code java -jar target/benchmarks.jar RealDump -f 1 -wi 2 -i 3 -w 2s -r 3s}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@State(Scope.Thread)
public class RealDumpBenchmark {
  /** Where the corpus is when the variable is not set (the project's sibling folder). */
  static final Path DEFAULT_CORPUS = Path.of("..", "shared", "datasets", "mongodump");

  @Param({"generated:small", "generated:large", "generated:cjk",
      "atlas-sample-addy/sample_restaurants/neighborhoods.bson",
      "atlas-sample-mcampo2/sample_geospatial/shipwrecks.bson",
      "atlas-sample-mcampo2/sample_training/zips.bson",
      "atlas-sample-mcampo2/sample_mflix/theaters.bson",
      "atlas-sample-mcampo2/sample_analytics/accounts.bson",
      "gipfel-prelude/test/routes.bson",
      "northwind/sample_Northwind/Orders.bson",
      "orderexample-gzip/OrderExample/orders.bson.gz"})
  public String file;

  private DumpDocument[] documents;
  private DocumentConverter converter;
  private final CopyTextWriter text = new CopyTextWriter(64 * 1024);
  private final CopyFieldJson field = new CopyFieldJson(16 * 1024);
  private int next;

  @Setup(Level.Trial)
  public void read() throws IOException {
    converter = new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.TEXT, IdTextForm.PLAIN));
    List<DumpDocument> read = new ArrayList<>();
    if (file.equals("generated:cjk")) {
      byte[][] cjk = CjkDocuments.generate(1024, 42);
      for (int i = 0; i < cjk.length; i++) {
        read.add(new DumpDocument("generated", 0, i, cjk[i]));
      }
    } else if (file.startsWith("generated:")) {
      DocumentGenerator generator = new DocumentGenerator(Shape.parse(file.substring("generated:".length())), 42);
      for (int i = 0; i < BsonToJsonBenchmark.DOCUMENTS; i++) {
        read.add(new DumpDocument("generated", 0, i, generator.generate(i + 1L).bsonBytes()));
      }
    } else {
      String dir = System.getenv("STRESS_DUMP_CORPUS");
      Path path = (dir == null || dir.isBlank() ? DEFAULT_CORPUS : Path.of(dir)).resolve(file);
      if (!Files.isRegularFile(path)) {
        throw new IllegalStateException("corpus file " + path.toAbsolutePath() + " is not there: set"
            + " STRESS_DUMP_CORPUS to the mongodump corpus, or pick files with -p file=...");
      }
      try (BsonDocumentReader reader = BsonDocumentReader.open(path, ReadPolicy.ABORT)) {
        for (ReadItem item = reader.next(); item != null; item = reader.next()) {
          if (item instanceof DumpDocument d) {
            read.add(d);
          }
        }
      }
      if (read.isEmpty()) {
        throw new IllegalStateException("corpus file " + path + " holds no document");
      }
    }
    documents = read.toArray(DumpDocument[]::new);
  }

  @Benchmark
  public void onePass(BsonToJsonBenchmark.Bytes bytes, Blackhole blackhole) throws IOException, DocumentRejectedException {
    DumpDocument document = documents[next];
    next = (next + 1) % documents.length;
    DumpDocument framed = (DumpDocument) new BsonDocumentReader(new ByteArrayInputStream(document.bytes()),
        document.source(), ReadPolicy.ABORT).withoutDecodeCheck().next();
    field.reset();
    DocumentConverter.Written written = converter.writeCopyField(framed, field);
    if (written != null) {
      blackhole.consume(new EncodedRow(IdConverter.text(written.id()), field.array(), 0, field.length()));
    } else {
      text.reset();
      Object id = converter.write(framed, text);
      blackhole.consume(new EncodedRow(IdConverter.text(id), text.toByteArray()));
    }
    bytes.bsonBytes += document.bytes().length;
  }
}
