package dev.keypath.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.KeyPathTables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged export is an {@link ExportFormatException} naming the file and, for a line, its number, whether it is
 * read or imported; an import of a damaged export writes nothing.
 */
class CorruptExportTest {
    private static final int ITEMS = 120;

    @TempDir
    static Path original;
    @TempDir
    Path copy;
    private static String exportId;

    @BeforeAll
    static void export() {
        KeyPathTable source = Tables.filled("corrupt-src", new GeneratedItems(5L).items(ITEMS));
        exportId = TableExporter.builder().client(source.client()).tableName(source.tableName())
                .directory(original).segments(2).build().export().exportId();
    }

    /** A copy of the export to damage. */
    private ExportDirectory fresh() throws IOException {
        try (Stream<Path> files = Files.walk(original)) {
            for (Path p : files.sorted(Comparator.naturalOrder()).toList()) {
                Path to = copy.resolve(original.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return ExportDirectory.open(copy);
    }

    /** The first data file with items. */
    private static ExportDataFile firstFull(ExportDirectory export) {
        return export.dataFiles().stream().filter(f -> f.itemCount() >= 3).findFirst().orElseThrow();
    }

    /** Rewrites the lines of a data file and the manifest's checksums to match, so only the content is wrong. */
    private static void rewriteLines(ExportDirectory export, ExportDataFile file, UnaryOperator<List<String>> change)
            throws IOException {
        Path path = export.resolve(file);
        List<String> lines;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(path))) {
            lines = new ArrayList<>(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write((String.join("\n", change.apply(lines)) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        Files.write(path, bytes.toByteArray());
        byte[] md5 = Checksums.md5(bytes.toByteArray());
        replaceInManifest(export, file.md5Checksum(), Checksums.base64(md5));
        replaceInManifest(export, file.etag(), Checksums.hex(md5));
    }

    private static void replaceInManifest(ExportDirectory export, String from, String to) throws IOException {
        Path manifest = export.path().resolve("manifest-files.json");
        String text = Files.readString(manifest).replace(from, to);
        Files.writeString(manifest, text);
        Files.writeString(export.path().resolve("manifest-files.checksum"),
                Checksums.hex(Checksums.md5(text.getBytes(StandardCharsets.UTF_8))));
    }

    private static void readAll(Path dir) {
        try (ExportItems items = ExportReader.open(dir).items(UnreadableItems.FAIL)) {
            items.forEachRemaining(e -> { });
        }
    }

    private static void assertNamed(ThrowingCallable call, String file, long line, String problem) {
        assertThatThrownBy(call).isInstanceOf(ExportFormatException.class)
                .hasMessageStartingWith(file + (line > 0 ? " line " + line : "") + ": ")
                .hasMessageContaining(problem)
                .satisfies(e -> {
                    assertThat(((ExportFormatException) e).file()).isEqualTo(file);
                    assertThat(((ExportFormatException) e).line()).isEqualTo(line);
                });
    }

    @Test
    void aLineThatIsNotJsonIsNamedByFileAndLine() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        rewriteLines(export, file, lines -> {
            lines.set(2, lines.get(2).substring(0, lines.get(2).length() / 2));
            return lines;
        });
        String name = export.relative(file, 0);

        assertNamed(() -> readAll(copy), name, 3, "not JSON");
        assertNamed(() -> ExportDirectory.open(copy).verify(), name, 3, "not JSON");
    }

    @Test
    void aBadValueIsNamedByFileLineAndAttribute() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        rewriteLines(export, file, lines -> {
            lines.set(1, "{\"Item\":{\"pk\":{\"B\":\"AA==\"},\"sk\":{\"B\":\"AA==\"},\"n\":{\"N\":\"1.2.3\"}}}");
            return lines;
        });

        assertNamed(() -> readAll(copy), export.relative(file, 0), 2, "Item.n.N: \"1.2.3\" is not a number");
    }

    @Test
    void aDamagedGzipFileIsNamed() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        Path path = export.resolve(file);
        byte[] bytes = Files.readAllBytes(path);
        Files.write(path, java.util.Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> readAll(copy)).isInstanceOf(ExportFormatException.class)
                .hasMessageStartingWith(export.relative(file, 0)).hasMessageContaining("gzip");
    }

    @Test
    void notGzipAtAllIsNamed() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        Files.writeString(export.resolve(file), "{\"Item\":{}}\n");

        assertNamed(() -> readAll(copy), export.relative(file, 0), 0, "not gzip");
    }

    @Test
    void aChecksumThatDiffersIsNamed() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        replaceInManifest(export, file.md5Checksum(), "AAAAAAAAAAAAAAAAAAAAAA==");

        assertNamed(() -> readAll(copy), export.relative(file, 0), 0, "differs from the manifest's md5Checksum");
    }

    @Test
    void anEtagThatDiffersIsNamed() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        replaceInManifest(export, "\"etag\":\"" + file.etag(), "\"etag\":\"00000000000000000000000000000000");

        assertNamed(() -> ExportDirectory.open(copy).verify(), export.relative(file, 0), 0, "etag");
    }

    @Test
    void aCountThatDiffersIsNamed() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        rewriteLines(export, file, lines -> lines.subList(0, lines.size() - 1));

        assertNamed(() -> ExportDirectory.open(copy).verify(), export.relative(file, 0), 0, "holds "
                + (file.itemCount() - 1)
                + " items, but the manifest's itemCount is " + file.itemCount());
    }

    @Test
    void aMissingDataFileIsNamed() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        Files.delete(export.resolve(file));

        assertNamed(export::verify, export.relative(file, 0), 0, "missing");
    }

    @Test
    void damagedManifestsAreNamed() throws IOException {
        ExportDirectory export = fresh();
        Path summary = export.path().resolve("manifest-summary.json");
        long stored = ITEMS + Tables.LAYOUT_RECORD;
        Files.writeString(summary, Files.readString(summary).replace("\"itemCount\" : " + stored,
                "\"itemCount\" : " + (stored + 1)));

        assertNamed(() -> ExportDirectory.open(copy), "manifest-summary.json", 0, "differs from manifest-summary.checksum");

        Files.delete(export.path().resolve("manifest-summary.checksum"));
        assertNamed(() -> ExportDirectory.open(copy), "manifest-files.json", 0, "the data files hold " + stored
                + " items together, but manifest-summary.json says " + (stored + 1));

        Files.writeString(summary, Files.readString(summary).replace("DYNAMODB_JSON", "ION"));
        assertNamed(() -> ExportDirectory.open(copy), "manifest-summary.json", 0, "output format ION is not read here");

        Files.writeString(export.path().resolve("manifest-files.json"), "{\"itemCount\":1}\n");
        Files.delete(export.path().resolve("manifest-files.checksum"));
        Files.writeString(summary, Files.readString(summary).replace("ION", "DYNAMODB_JSON"));
        assertNamed(() -> ExportDirectory.open(copy), "manifest-files.json", 1, "no \"dataFileS3Key\" field");
    }

    @Test
    void aDataFileKeyOutsideTheExportIsRefused() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = firstFull(export);
        Files.delete(export.path().resolve("manifest-files.checksum"));
        Path manifest = export.path().resolve("manifest-files.json");
        Files.writeString(manifest, Files.readString(manifest).replace(file.dataFileS3Key(),
                "AWSDynamoDB/" + exportId + "/../../../etc/passwd"));

        assertThatThrownBy(() -> ExportDirectory.open(copy)).isInstanceOf(ExportFormatException.class)
                .hasMessageStartingWith("manifest-files.json line ").hasMessageContaining("is not under");
    }

    @Test
    void noExportHereIsNamed() {
        assertNamed(() -> ExportDirectory.open(copy), "manifest-summary.json", 0, "not found in " + copy);
    }

    @Test
    void anImportOfADamagedExportWritesNothing() throws IOException {
        ExportDirectory export = fresh();
        List<ExportDataFile> files = export.dataFiles().stream().filter(f -> f.itemCount() >= 3).toList();
        ExportDataFile last = files.get(files.size() - 1);
        rewriteLines(export, last, lines -> {
            lines.set(lines.size() - 1, "{\"Item\":{\"a\":{\"Q\":1}}}");
            return lines;
        });
        KeyPathTable target = Tables.fresh("corrupt-dst");

        assertNamed(() -> TableImporter.builder().table(target).directory(copy).build().run(),
                export.relative(last, 0), last.itemCount(), "unknown type descriptor \"Q\"");
        assertThat(Tables.scanOfItems(target.tableName())).isEmpty();
    }

    @Test
    void aKeyThatIsNotAKeyPathStopsTheImportBeforeTheTableIsCreated() throws IOException {
        ExportDirectory export = fresh();
        List<ExportDataFile> files = export.dataFiles().stream().filter(f -> f.itemCount() >= 3).toList();
        ExportDataFile last = files.get(files.size() - 1);
        rewriteLines(export, last, lines -> {
            lines.set(1, "{\"Item\":{\"pk\":{\"B\":\"/wE=\"},\"sk\":{\"B\":\"AA==\"},\"_type\":{\"S\":\"Post\"}}}");
            return lines;
        });
        String table = dev.keypath.test.TestDynamoDb.uniqueTableName("corrupt-key");
        KeyPathTable target = KeyPathTables.builder().client(dev.keypath.test.TestDynamoDb.get().client())
                .tableName(table).build();

        assertNamed(() -> TableImporter.builder().table(target).directory(copy).createTable(true).build().run(),
                export.relative(last, 0), 2, "not a key path");
        assertThat(tableExists(table)).as("the table was created").isFalse();
    }

    @Test
    void anExportOfAStringKeyedTableIsRefusedBeforeTheTableIsCreated() throws IOException {
        ExportDirectory export = fresh();
        ExportDataFile file = export.dataFiles().get(0);
        rewriteLines(export, file, lines -> {
            List<String> strings = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                strings.add("{\"Item\":{\"PK\":{\"S\":\"USER#" + i + "\"},\"SK\":{\"S\":\"PROFILE\"}}}");
            }
            return strings;
        });
        String table = dev.keypath.test.TestDynamoDb.uniqueTableName("corrupt-strings");
        KeyPathTable target = KeyPathTables.builder().client(dev.keypath.test.TestDynamoDb.get().client())
                .tableName(table).build();

        assertNamed(() -> TableImporter.builder().table(target).directory(copy).createTable(true).build().run(),
                export.relative(file, 0), 1, "not a key path");
        assertThat(tableExists(table)).as("the table was created").isFalse();
    }

    @Test
    void aStringKeyedTableIsNotExportedAndNothingIsWritten() throws IOException {
        software.amazon.awssdk.services.dynamodb.DynamoDbClient client = dev.keypath.test.TestDynamoDb.get().client();
        String table = dev.keypath.test.TestDynamoDb.uniqueTableName("strings-src");
        client.createTable(b -> b.tableName(table)
                .billingMode(software.amazon.awssdk.services.dynamodb.model.BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"),
                        a -> a.attributeName("SK").attributeType("S"))
                .keySchema(k -> k.attributeName("PK").keyType("HASH"), k -> k.attributeName("SK").keyType("RANGE")));

        assertThatThrownBy(() -> TableExporter.builder().client(client).tableName(table).directory(copy).build()
                .export()).isInstanceOf(dev.keypath.dynamodb.KeyPathDynamoException.class)
                .hasMessageContaining(table).hasMessageContaining("pk HASH (B)");
        try (Stream<Path> written = Files.list(copy)) {
            assertThat(written).isEmpty();
        }
    }

    private static boolean tableExists(String table) {
        try {
            dev.keypath.test.TestDynamoDb.get().client().describeTable(b -> b.tableName(table));
            return true;
        } catch (software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException e) {
            return false;
        }
    }
}
