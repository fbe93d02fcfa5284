package stress.jmh;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
import stress.dump.bson.BsonJson;
import stress.dump.document.ConvertedDocument;
import stress.dump.bson.CopyFieldJson;
import stress.dump.document.DocumentConverter;
import stress.dump.document.DocumentRejectedException;
import stress.dump.document.DumpDocument;
import stress.dump.document.IdConverter;
import stress.dump.document.IdTextForm;
import stress.dump.bson.JsonFormat;
import stress.dump.ReadPolicy;
import stress.dump.generate.DocumentGenerator;
import stress.model.Shape;
import stress.load.CopyTextWriter;
import stress.load.EncodedRow;
import stress.table.IdType;

/**
 * BSON to JSON on one thread, per document shape, with the code an import runs for every document read
 * from a dump:
 * <ul>
 *   <li>{@link #convert}: {@link DocumentConverter#convert} with an INTEGER {@code _id} column and relaxed
 *       Extended JSON, i.e. the {@code _id} column value plus the whole document as the text for jsonb;</li>
 *   <li>{@link #toJson}: {@link BsonJson#toJson} alone (relaxed Extended JSON text, no {@code _id});</li>
 *   <li>{@link #checkConvertEscape}: what an import did per document before the one-pass conversion: frame and
 *       decode it to check it (a checking {@link BsonDocumentReader}), convert it, then scan the JSON text again
 *       to escape it for COPY (here with {@link CopyTextWriter}, which escapes as {@code CopyTextEncoder} does);</li>
 *   <li>{@link #onePass}: frame it without a decode check and write the COPY row in one pass with org.bson's JSON
 *       writer ({@link DocumentConverter#write} into a {@link CopyTextWriter}), what an import did before
 *       {@link CopyFieldJson}, and still does for the documents that writer leaves to org.bson's;</li>
 *   <li>{@link #copyField}: what an import does now: the same one pass, written by {@link CopyFieldJson} straight
 *       into COPY text bytes ({@link DocumentConverter#writeCopyField}).</li>
 * </ul>
 * One operation converts one document. The documents are generated before the trial
 * ({@value #DOCUMENTS} of them, seed 42, ids 1..{@value #DOCUMENTS}) and taken in turn, so neither
 * generation nor reading a file is measured; the bytes are already checked, as {@code DocumentStream}
 * leaves them.
 *
 * <p>Besides ops/s, the auxiliary counter {@code bsonBytes} reports BSON input bytes per second: divide by
 * 10^6 for MB/s per core. Run: {@code java -jar target/benchmarks.jar BsonToJson -f 1 -wi 2 -i 3 -w 2s -r 3s}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 3)
@Fork(1)
@State(Scope.Thread)
public class BsonToJsonBenchmark {
  /** Distinct documents taken in turn, so that sizes and contents vary as in a real collection. */
  static final int DOCUMENTS = 4096;

  @Param({"small", "large"})
  public String shape;

  private DumpDocument[] documents;
  private DocumentConverter converter;
  private final CopyTextWriter text = new CopyTextWriter(16 * 1024);
  private final CopyFieldJson field = new CopyFieldJson(16 * 1024);
  private int next;

  /** BSON bytes converted, reported by JMH as a rate (bytes/s). */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Bytes {
    public long bsonBytes;

    @Setup(Level.Iteration)
    public void reset() {
      bsonBytes = 0;
    }
  }

  @Setup(Level.Trial)
  public void generate() {
    DocumentGenerator generator = new DocumentGenerator(Shape.parse(shape), 42);
    documents = new DumpDocument[DOCUMENTS];
    for (int i = 0; i < DOCUMENTS; i++) {
      documents[i] = new DumpDocument("generated", 0, i, generator.generate(i + 1L).bsonBytes());
    }
    converter = new DocumentConverter(JsonFormat.RELAXED, new IdConverter(IdType.INTEGER, IdTextForm.PLAIN));
  }

  private DumpDocument nextDocument() {
    DumpDocument document = documents[next];
    next = (next + 1) % DOCUMENTS;
    return document;
  }

  @Benchmark
  public void convert(Bytes bytes, Blackhole blackhole) throws DocumentRejectedException {
    DumpDocument document = nextDocument();
    ConvertedDocument row = converter.convert(document);
    bytes.bsonBytes += document.bytes().length;
    blackhole.consume(row);
  }

  @Benchmark
  public void checkConvertEscape(Bytes bytes, Blackhole blackhole) throws IOException, DocumentRejectedException {
    DumpDocument document = nextDocument();
    DumpDocument read = (DumpDocument) new BsonDocumentReader(new ByteArrayInputStream(document.bytes()), "generated",
        ReadPolicy.ABORT).next();
    ConvertedDocument row = converter.convert(read);
    text.reset();
    text.write(row.json());
    bytes.bsonBytes += document.bytes().length;
    blackhole.consume(new EncodedRow(row.idText(), text.toByteArray()));
  }

  @Benchmark
  public void onePass(Bytes bytes, Blackhole blackhole) throws IOException, DocumentRejectedException {
    DumpDocument document = nextDocument();
    DumpDocument read = (DumpDocument) new BsonDocumentReader(new ByteArrayInputStream(document.bytes()), "generated",
        ReadPolicy.ABORT).withoutDecodeCheck().next();
    text.reset();
    Object id = converter.write(read, text);
    bytes.bsonBytes += document.bytes().length;
    blackhole.consume(new EncodedRow(IdConverter.text(id), text.toByteArray()));
  }

  @Benchmark
  public void copyField(Bytes bytes, Blackhole blackhole) throws IOException, DocumentRejectedException {
    DumpDocument document = nextDocument();
    DumpDocument read = (DumpDocument) new BsonDocumentReader(new ByteArrayInputStream(document.bytes()), "generated",
        ReadPolicy.ABORT).withoutDecodeCheck().next();
    field.reset();
    Object id = converter.writeCopyField(read, field).id();
    bytes.bsonBytes += document.bytes().length;
    blackhole.consume(new EncodedRow(IdConverter.text(id), field.array(), 0, field.length()));
  }

  @Benchmark
  public void toJson(Bytes bytes, Blackhole blackhole) {
    DumpDocument document = nextDocument();
    String json = BsonJson.toJson(document.bytes(), JsonFormat.RELAXED);
    bytes.bsonBytes += document.bytes().length;
    blackhole.consume(json);
  }
}
