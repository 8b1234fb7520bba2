package dev.keypath.export;

import dev.keypath.dynamodb.KeyPathTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Loads an export ({@link ExportDirectory}: from DynamoDB's S3 export or {@link TableExporter}) into a table with
 * {@link KeyPathTable#batchPutStored}: every item as it was stored, in {@code BatchWriteItem} calls with the
 * table's retries of unprocessed items and throttling.
 *
 * <p>First every data file is checked against its manifest and every item's key is decoded
 * ({@link ExportDirectory#verifyKeyPaths()}), so a damaged export, or one with a key that is not a key path (an
 * export of a string-keyed table), writes nothing and, with {@link Builder#createTable(boolean)}, creates no table;
 * the error names the file and the line. Then the files are written in the manifest's order,
 * {@link Builder#batchSize(int)} items per
 * call. With a {@link Builder#checkpoint(Path) checkpoint file}, each stored batch and each finished file is
 * recorded there, and a run that finds the file goes on after the last recorded batch: an import that was killed
 * or failed is run again with the same checkpoint to finish it. Puts replace the item at their key, so a batch
 * written again (stored just before a kill, not yet recorded) changes nothing.
 *
 * <pre>{@code
 * ImportResult done = TableImporter.builder().table(table).directory(Path.of("/backups/app"))
 *         .checkpoint(Path.of("/var/tmp/app-import.json")).build().run();
 * }</pre>
 *
 * Immutable and thread-safe, but two runs must not share a checkpoint file at once.
 */
public final class TableImporter {
    private final KeyPathTable table;
    private final Path directory;
    private final Path checkpoint;
    private final int batchSize;
    private final boolean createTable;
    private final ProgressListener progress;

    private TableImporter(Builder b) {
        this.table = Objects.requireNonNull(b.table, "table");
        this.directory = Objects.requireNonNull(b.directory, "directory");
        this.checkpoint = b.checkpoint;
        this.batchSize = b.batchSize;
        this.createTable = b.createTable;
        this.progress = b.progress;
    }

    /** A new builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs the import (or the rest of it, with a checkpoint).
     *
     * @throws ExportFormatException when the export, or the checkpoint file, is not as the format says, or an item's
     *     key is not a key path; nothing is written (nor created) for a damaged data file or such a key
     * @throws dev.keypath.dynamodb.BatchIncompleteException when a batch is still unprocessed at the table's batch
     *     deadline (the checkpoint holds every batch before it)
     */
    public ImportResult run() {
        ExportDirectory export = ExportDirectory.open(directory);
        export.verifyKeyPaths();
        if (createTable) {
            table.bootstrap();
        }
        ImportCheckpoint state = ImportCheckpoint.load(checkpoint, export.exportId());
        long expected = export.summary().itemCount();
        long written = 0;
        long passedOver = 0;
        for (ExportDataFile file : export.dataFiles()) {
            String name = export.relative(file, 0);
            if (state.isFinished(name)) {
                passedOver += file.itemCount();
                progress.progress(written + passedOver, expected);
                continue;
            }
            long skipUpTo = state.linesDone(name);
            List<Map<String, AttributeValue>> batch = new ArrayList<>(batchSize);
            long lastLine = 0;
            try (DataFileReader reader = new DataFileReader(export, file)) {
                for (DataFileReader.Line line = reader.next(); line != null; line = reader.next()) {
                    if (line.number() <= skipUpTo) {
                        passedOver++;
                        continue;
                    }
                    batch.add(line.item());
                    lastLine = line.number();
                    if (batch.size() == batchSize) {
                        written += store(batch, state, name, lastLine);
                        progress.progress(written + passedOver, expected);
                    }
                }
            }
            if (!batch.isEmpty()) {
                written += store(batch, state, name, lastLine);
            }
            state.finished(name);
            progress.progress(written + passedOver, expected);
        }
        return new ImportResult(export.exportId(), written, passedOver, export.dataFiles().size());
    }

    private int store(List<Map<String, AttributeValue>> batch, ImportCheckpoint state, String file, long line) {
        table.batchPutStored(batch);
        state.stored(file, line);
        int n = batch.size();
        batch.clear();
        return n;
    }

    /** Builder of a {@link TableImporter}; not thread-safe. */
    public static final class Builder {
        private KeyPathTable table;
        private Path directory;
        private Path checkpoint;
        private int batchSize = 500;
        private boolean createTable;
        private ProgressListener progress = ProgressListener.NONE;

        private Builder() {
        }

        /** The table written (required); its batch policy sets the retries. No types need be registered. */
        public Builder table(KeyPathTable table) {
            this.table = table;
            return this;
        }

        /** The export (required), as {@link ExportDirectory#open(Path)} finds it. */
        public Builder directory(Path directory) {
            this.directory = directory;
            return this;
        }

        /** The checkpoint file that makes the import resumable (default none); created when absent. */
        public Builder checkpoint(Path checkpoint) {
            this.checkpoint = checkpoint;
            return this;
        }

        /** Items per {@link KeyPathTable#batchPutStored} call and per checkpoint record (default 500). */
        public Builder batchSize(int batchSize) {
            if (batchSize < 1) {
                throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
            }
            this.batchSize = batchSize;
            return this;
        }

        /**
         * Whether to create the table, once the export is checked and before the first write, when it does not exist
         * ({@link KeyPathTable#bootstrap()}: binary pk/sk, on-demand, TTL, the registered types' indexes). Default
         * false: the table must exist. An export holds no table definition, so other indexes are not made.
         */
        public Builder createTable(boolean createTable) {
            this.createTable = createTable;
            return this;
        }

        /** Hears the progress (default: nothing). */
        public Builder progress(ProgressListener progress) {
            this.progress = Objects.requireNonNull(progress, "progress");
            return this;
        }

        /** The importer; throws {@link NullPointerException} when the table or directory is missing. */
        public TableImporter build() {
            return new TableImporter(this);
        }
    }
}
