package dev.keypath.export;

import dev.keypath.dynamodb.SegmentedScan;
import dev.keypath.dynamodb.TableSchemaMismatchException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPOutputStream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Writes a table to a local directory in DynamoDB's S3 export format ({@code DYNAMODB_JSON}), so that
 * {@link ExportReader} and {@link TableImporter} read it as they read an export from DynamoDB:
 * {@code <directory>/AWSDynamoDB/<exportId>/} with {@code _started}, {@code data/<name>.json.gz} (one item per
 * line), {@code manifest-files.json} (per data file its item count, MD5 and ETag) and {@code manifest-summary.json}
 * (the table, the times, the total count), each manifest with its {@code .checksum} (MD5, hex).
 *
 * <p>The table must be a key-path table ({@code pk} and {@code sk} binary): another is refused before anything is
 * written. It is read with a parallel {@code Scan} of {@link Builder#segments(int)} segments on
 * {@link SegmentedScan}, one thread and at least one data file each (a new file every {@link Builder#maxItemsPerFile(long)} items). Unlike DynamoDB's
 * point-in-time export, a scan sees writes made while it runs: items changed meanwhile may be in either state.
 *
 * <pre>{@code
 * ExportDirectory written = TableExporter.builder().client(dynamo).tableName("app")
 *         .directory(Path.of("/backups/app")).build().export();
 * }</pre>
 *
 * Immutable and thread-safe; each {@link #export()} writes a new export.
 */
public final class TableExporter {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final DynamoDbClient client;
    private final String tableName;
    private final Path directory;
    private final int segments;
    private final long maxItemsPerFile;
    private final ProgressListener progress;
    private final Clock clock;

    private TableExporter(Builder b) {
        this.client = Objects.requireNonNull(b.client, "client");
        this.tableName = Objects.requireNonNull(b.tableName, "tableName");
        this.directory = Objects.requireNonNull(b.directory, "directory");
        this.segments = b.segments;
        this.maxItemsPerFile = b.maxItemsPerFile;
        this.progress = b.progress;
        this.clock = b.clock;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Exports the table: {@code DescribeTable}, then the scan segments in parallel, then the manifests.
     *
     * @return the export written, opened
     * @throws TableSchemaMismatchException when the table is not a key-path table ({@code pk}/{@code sk} binary);
     *     nothing is written
     * @throws software.amazon.awssdk.core.exception.SdkException when the table cannot be described or scanned
     *     (the files written so far stay, without manifests)
     * @throws UncheckedIOException when a file cannot be written
     */
    public ExportDirectory export() {
        Instant start = clock.instant();
        TableDescription table = client.describeTable(r -> r.tableName(tableName)).table();
        StoredItemLayout.checkKeys(table);
        String exportId = String.format("%014d-%08x", start.toEpochMilli(), ThreadLocalRandom.current().nextInt());
        Path exportDir = directory.resolve(ExportDirectory.AWS_DYNAMODB).resolve(exportId);
        String keyPrefix = ExportDirectory.AWS_DYNAMODB + "/" + exportId + "/";
        try {
            Files.createDirectories(exportDir.resolve("data"));
            Files.write(exportDir.resolve("_started"), new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long expected = table.itemCount() == null ? 0 : table.itemCount();
        List<ExportDataFile> files = scanAll(exportDir, keyPrefix, new Counter(progress, expected));
        long total = files.stream().mapToLong(ExportDataFile::itemCount).sum();
        String manifestFiles = Manifests.writeFiles(files);
        ExportSummary summary = new ExportSummary(ExportSummary.VERSION, table.tableArn() + "/export/" + exportId,
                TIME.format(start), TIME.format(clock.instant()), table.tableArn(), table.tableId(),
                TIME.format(start), null, null, null, null, keyPrefix + Manifests.FILES,
                table.tableSizeBytes() == null ? 0 : table.tableSizeBytes(), total, ExportSummary.DYNAMODB_JSON,
                ExportSummary.FULL_EXPORT);
        writeWithChecksum(exportDir, Manifests.FILES, Manifests.FILES_CHECKSUM, manifestFiles);
        writeWithChecksum(exportDir, Manifests.SUMMARY, Manifests.SUMMARY_CHECKSUM, Manifests.writeSummary(summary));
        return ExportDirectory.open(exportDir);
    }

    private List<ExportDataFile> scanAll(Path exportDir, String keyPrefix, Counter counter) {
        SegmentFiles[] written = new SegmentFiles[segments];
        for (int s = 0; s < segments; s++) {
            written[s] = new SegmentFiles(exportDir, keyPrefix);
        }
        try {
            SegmentedScan.run(segments, segments, "export-" + tableName, new RawScan(client, tableName, segments),
                    (segment, page) -> {
                        written[segment].write(page.items());
                        counter.add(page.items().size());
                        if (RawScan.last(page)) {
                            written[segment].finish();
                        }
                    });
        } finally {
            for (SegmentFiles files : written) {
                files.abandon();
            }
        }
        List<ExportDataFile> files = new ArrayList<>();
        for (SegmentFiles segmentFiles : written) {
            files.addAll(segmentFiles.files);
        }
        return files;
    }

    /** A raw parallel {@code Scan} of the table: a segment's position is the key it starts after. */
    private record RawScan(DynamoDbClient client, String table, int segments)
            implements SegmentedScan.SegmentReader<ScanRequest, ScanResponse> {
        static boolean last(ScanResponse page) {
            return !page.hasLastEvaluatedKey() || page.lastEvaluatedKey().isEmpty();
        }

        @Override
        public ScanRequest first(int segment) {
            return ScanRequest.builder().tableName(table).segment(segment).totalSegments(segments).build();
        }

        @Override
        public ScanResponse read(ScanRequest at) {
            return client.scan(at);
        }

        @Override
        public ScanRequest next(ScanRequest at, ScanResponse page) {
            return last(page) ? null : at.toBuilder().exclusiveStartKey(page.lastEvaluatedKey()).build();
        }
    }

    /**
     * One segment's data files, each of at most {@code maxItemsPerFile} items; at least one file. Used by the
     * segment's thread only.
     */
    private final class SegmentFiles {
        private final Path exportDir;
        private final String keyPrefix;
        private final List<ExportDataFile> files = new ArrayList<>();
        private DataFileWriter writer;

        SegmentFiles(Path exportDir, String keyPrefix) {
            this.exportDir = exportDir;
            this.keyPrefix = keyPrefix;
        }

        void write(List<Map<String, AttributeValue>> items) {
            try {
                if (writer == null) {
                    writer = new DataFileWriter(exportDir, keyPrefix);
                }
                for (Map<String, AttributeValue> item : items) {
                    if (writer.items() == maxItemsPerFile) {
                        files.add(writer.finish());
                        writer = new DataFileWriter(exportDir, keyPrefix);
                    }
                    writer.write(item);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void finish() {
            try {
                files.add(writer.finish());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void abandon() {
            if (writer != null) {
                writer.abandon();
            }
        }
    }

    private static void writeWithChecksum(Path dir, String name, String checksumName, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            Files.write(dir.resolve(name), bytes);
            Files.writeString(dir.resolve(checksumName), Checksums.hex(Checksums.md5(bytes)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Items done over every segment, handed to the listener. */
    private static final class Counter {
        private final ProgressListener listener;
        private final long expected;
        private final AtomicLong done = new AtomicLong();

        Counter(ProgressListener listener, long expected) {
            this.listener = listener;
            this.expected = expected;
        }

        void add(int items) {
            listener.progress(done.addAndGet(items), expected);
        }
    }

    /** One gzip data file being written, with the MD5 of its bytes. Not thread-safe. */
    private static final class DataFileWriter {
        private final String name;
        private final Path path;
        private final MessageDigest md5 = Checksums.md5();
        private final OutputStream file;
        private final BufferedWriter out;
        private long items;
        private boolean finished;

        DataFileWriter(Path exportDir, String keyPrefix) throws IOException {
            this.name = keyPrefix + "data/" + UUID.randomUUID().toString().replace("-", "") + ".json.gz";
            this.path = exportDir.resolve(name.substring(keyPrefix.length()));
            this.file = Files.newOutputStream(path);
            this.out = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(new DigestOutputStream(file,
                    md5), 1 << 16), StandardCharsets.UTF_8), 1 << 16);
        }

        long items() {
            return items;
        }

        void write(Map<String, AttributeValue> item) throws IOException {
            DynamoJson.writeLine(item, out);
            out.write('\n');
            items++;
        }

        ExportDataFile finish() throws IOException {
            out.close();
            finished = true;
            byte[] digest = md5.digest();
            return new ExportDataFile(items, Checksums.base64(digest), Checksums.hex(digest), name);
        }

        /** Closes a file left unfinished by a failure; a finished one is kept. */
        void abandon() {
            if (!finished) {
                try {
                    out.close();
                } catch (IOException e) {
                    // the failure that stopped the export is the one reported
                }
            }
        }
    }

    /** Builder of a {@link TableExporter}; not thread-safe. */
    public static final class Builder {
        private DynamoDbClient client;
        private String tableName;
        private Path directory;
        private int segments = 4;
        private long maxItemsPerFile = 1_000_000;
        private ProgressListener progress = ProgressListener.NONE;
        private Clock clock = Clock.systemUTC();

        private Builder() {
        }

        /** The SDK client (required). */
        public Builder client(DynamoDbClient client) {
            this.client = client;
            return this;
        }

        /** The table to export (required). */
        public Builder tableName(String tableName) {
            this.tableName = tableName;
            return this;
        }

        /** The directory under which {@code AWSDynamoDB/<exportId>/} is written (required; created if absent). */
        public Builder directory(Path directory) {
            this.directory = directory;
            return this;
        }

        /** Parallel scan segments, each on its own thread (default 4, 1 to 1,000,000). */
        public Builder segments(int segments) {
            if (segments < 1 || segments > 1_000_000) {
                throw new IllegalArgumentException("segments must be 1 to 1000000, got " + segments);
            }
            this.segments = segments;
            return this;
        }

        /** Items per data file before a segment starts another (default 1,000,000). */
        public Builder maxItemsPerFile(long maxItemsPerFile) {
            if (maxItemsPerFile < 1) {
                throw new IllegalArgumentException("maxItemsPerFile must be positive, got " + maxItemsPerFile);
            }
            this.maxItemsPerFile = maxItemsPerFile;
            return this;
        }

        /** Hears the progress (default: nothing). */
        public Builder progress(ProgressListener progress) {
            this.progress = Objects.requireNonNull(progress, "progress");
            return this;
        }

        /** The clock of the manifest's times (default UTC system clock). */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** The exporter; throws {@link NullPointerException} when the client, table or directory is missing. */
        public TableExporter build() {
            return new TableExporter(this);
        }
    }
}
