package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keypath.dynamodb.KeyPathTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * 2,500 generated items of every attribute type and every id type (each of which comes hundreds of times) go table,
 * export, fresh table, and come back identical; the export's manifests hold the right counts and checksums,
 * computed here independently, over ten data files or more. The long run exports 10,000 or more:
 * {@code -Dkeypath.export.items=10000}.
 */
class RoundTripTest {
    private static final int ITEMS = Integer.getInteger("keypath.export.items", 2_500);
    /** Items a data file holds at most: ten files or more, whatever {@link #ITEMS}. */
    private static final int PER_FILE = Math.max(1, ITEMS / 10);

    @TempDir
    static Path out;
    private static List<Map<String, AttributeValue>> generated;
    private static KeyPathTable source;
    private static ExportDirectory export;
    private static final List<long[]> progress = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void exportAGeneratedTable() {
        generated = new GeneratedItems(7_301_977L).items(ITEMS);
        source = Tables.filled("roundtrip-src", generated);
        export = TableExporter.builder().client(source.client()).tableName(source.tableName()).directory(out)
                .segments(4).maxItemsPerFile(PER_FILE).progress((done, expected) -> progress.add(new long[] {done,
                    expected})).build().export();
    }

    @Test
    void importIntoAFreshTableGivesTheSameItems() {
        KeyPathTable target = Tables.fresh("roundtrip-dst");

        ImportResult result = TableImporter.builder().table(target).directory(out).build().run();

        List<Map<String, AttributeValue>> copied = Tables.scan(target.tableName());
        assertThat(result.written()).isEqualTo(ITEMS + Tables.LAYOUT_RECORD);
        assertThat(result.passedOver()).isZero();
        assertThat(copied).hasSize(ITEMS + Tables.LAYOUT_RECORD);
        List<Map<String, AttributeValue>> original = Tables.scan(source.tableName());
        assertThat(StoredForm.of(copied)).isEqualTo(StoredForm.of(original));
        assertThat(StoredForm.byValue(Tables.scanOfItems(source.tableName())))
                .isEqualTo(StoredForm.byValue(generated));
    }

    @Test
    void layoutAndSummaryFollowTheFormat() throws IOException {
        ExportSummary summary = export.summary();

        assertThat(export.path()).isEqualTo(out.resolve("AWSDynamoDB").resolve(export.exportId()));
        assertThat(export.exportId()).matches("\\d{14}-[0-9a-f]{8}");
        assertThat(Files.exists(export.path().resolve("_started"))).isTrue();
        assertThat(summary.version()).isEqualTo("2020-06-30");
        assertThat(summary.itemCount()).isEqualTo(ITEMS + Tables.LAYOUT_RECORD);
        assertThat(summary.outputFormat()).isEqualTo("DYNAMODB_JSON");
        assertThat(summary.exportType()).isEqualTo("FULL_EXPORT");
        assertThat(summary.exportArn()).isEqualTo(summary.tableArn() + "/export/" + export.exportId());
        assertThat(summary.tableArn()).endsWith("table/" + source.tableName());
        assertThat(summary.manifestFilesS3Key()).isEqualTo("AWSDynamoDB/" + export.exportId() + "/manifest-files.json");
        assertThat(summary.startTime()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        String json = Files.readString(export.path().resolve("manifest-summary.json"));
        assertThat(json).contains("\"version\"", "\"exportArn\"", "\"startTime\"", "\"endTime\"", "\"tableArn\"",
                "\"tableId\"", "\"exportTime\"", "\"s3Bucket\"", "\"s3Prefix\"", "\"s3SseAlgorithm\"",
                "\"s3SseKmsKeyId\"", "\"manifestFilesS3Key\"", "\"billedSizeBytes\"", "\"itemCount\"",
                "\"outputFormat\"");
    }

    @Test
    void eachDataFileMatchesItsManifestLine() throws Exception {
        long total = 0;
        List<String> lines = Files.readAllLines(export.path().resolve("manifest-files.json"));
        assertThat(lines).hasSize(export.dataFiles().size()).allMatch(l -> l.startsWith("{\"itemCount\":"));
        assertThat(export.dataFiles().size()).isGreaterThanOrEqualTo(ITEMS / PER_FILE);
        for (ExportDataFile f : export.dataFiles()) {
            byte[] bytes = Files.readAllBytes(export.resolve(f));
            byte[] md5 = java.security.MessageDigest.getInstance("MD5").digest(bytes);
            assertThat(f.md5Checksum()).isEqualTo(Base64.getEncoder().encodeToString(md5));
            assertThat(f.etag()).isEqualTo(HexFormat.of().formatHex(md5));
            assertThat(f.dataFileS3Key()).matches("AWSDynamoDB/" + export.exportId() + "/data/[0-9a-f]{32}\\.json\\.gz");
            long count = countLines(bytes);
            assertThat(count).isEqualTo(f.itemCount()).isLessThanOrEqualTo(PER_FILE);
            total += count;
        }
        assertThat(total).isEqualTo(ITEMS + Tables.LAYOUT_RECORD);
        for (String manifest : List.of("manifest-summary", "manifest-files")) {
            byte[] bytes = Files.readAllBytes(export.path().resolve(manifest + ".json"));
            String checksum = Files.readString(export.path().resolve(manifest + ".checksum"));
            assertThat(checksum).isEqualTo(HexFormat.of().formatHex(
                    java.security.MessageDigest.getInstance("MD5").digest(bytes)));
        }
    }

    @Test
    void readerYieldsEveryItemWithItsKeyPath() {
        List<ExportedItem> read = new ArrayList<>();
        try (ExportItems items = ExportReader.of(export).items(UnreadableItems.FAIL)) {
            items.forEachRemaining(read::add);
        }

        assertThat(read).hasSize(ITEMS).allMatch(ExportedItem::readable).allMatch(e -> e.item() == null);
        assertThat(read).allSatisfy(e -> {
            assertThat(e.keyPath().partitionKey()).isEqualTo(e.attributes().get("pk").b().asByteArray());
            assertThat(e.keyPath().sortKey()).isEqualTo(e.attributes().get("sk").b().asByteArray());
            assertThat(e.typeName()).isEqualTo(e.attributes().containsKey("_type")
                    ? e.attributes().get("_type").s() : null);
            assertThat(e.file()).startsWith("data/");
        });
    }

    @Test
    void progressRisesToTheItemCountExpectedFromDescribeTable() {
        assertThat(progress).isNotEmpty();
        long stored = ITEMS + Tables.LAYOUT_RECORD;
        assertThat(progress.stream().mapToLong(p -> p[0]).max().orElseThrow()).isEqualTo(stored);
        assertThat(progress).allMatch(p -> p[1] == stored || p[1] == 0);
    }

    private static long countLines(byte[] gzip) throws IOException {
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gzip))) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.isEmpty() ? 0 : text.split("\n", -1).length - 1;
        }
    }
}
