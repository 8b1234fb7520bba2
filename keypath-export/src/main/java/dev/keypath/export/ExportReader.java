package dev.keypath.export;

import dev.keypath.dynamodb.KeyPathTable;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * Reads an export of a key-path table in DynamoDB's {@code DYNAMODB_JSON} format from a local directory (an S3
 * export copied down, or one written by {@link TableExporter}), in a job of the application's own:
 *
 * <pre>{@code
 * ExportReader export = ExportReader.open(Path.of("/data/exports"));
 * try (ExportItems items = export.items(table, UnreadableItems.FLAG)) {
 *     items.forEachRemaining(e -> {
 *         if (!e.readable()) { log.warn("{}", e.problem().getMessage()); }
 *         else if (e.item() instanceof Post post) { search.index(e.keyPath(), post); }
 *     });
 * }
 * }</pre>
 *
 * <p>Its items are those a read of the table gives: keypath's own items (sequence counters and alias items,
 * {@link StoredItemLayout#INTERNAL_TYPES}) and items whose expiry ({@code _ttl}) is at or before the reader's clock
 * are left out, whatever the policy, and counted ({@link ExportItems#internalLeftOut()},
 * {@link ExportItems#expiredLeftOut()}). A tool that needs every stored item keeps them with
 * {@link #keepingInternalItems()} and {@link #keepingExpiredItems()}; each then comes flagged
 * ({@link ExportedItem#internal()}, {@link ExportedItem#expired()}).
 *
 * Immutable and thread-safe; each {@link ExportItems} it hands out is for one thread.
 */
public final class ExportReader {
    private final ExportDirectory export;
    private final boolean keepInternal;
    private final boolean keepExpired;
    private final Clock clock;
    /** The data files read: every one of the export's, or the one {@link #onlyFile} names. */
    private final List<ExportDataFile> files;

    private ExportReader(ExportDirectory export, boolean keepInternal, boolean keepExpired, Clock clock,
                         List<ExportDataFile> files) {
        this.export = Objects.requireNonNull(export, "export");
        this.keepInternal = keepInternal;
        this.keepExpired = keepExpired;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.files = files;
    }

    /**
     * Opens the export at {@code path} (see {@link ExportDirectory#open(Path)}).
     *
     * @throws ExportFormatException when no export is there or a manifest is not as the format says
     */
    public static ExportReader open(Path path) {
        return of(ExportDirectory.open(path));
    }

    /** A reader of an export already opened. */
    public static ExportReader of(ExportDirectory export) {
        return new ExportReader(export, false, false, Clock.systemUTC(), export.dataFiles());
    }

    /** The export read. */
    public ExportDirectory directory() {
        return export;
    }

    /**
     * This reader, also giving keypath's own items (sequence counters, alias items), each with
     * {@link ExportedItem#internal()} true and no object: for a tool that copies or inspects the table as stored.
     */
    public ExportReader keepingInternalItems() {
        return new ExportReader(export, true, keepExpired, clock, files);
    }

    /**
     * This reader, also giving expired items (read like any other, with {@link ExportedItem#expired()} true): for a
     * tool that needs the table as stored, before DynamoDB's time to live deleted them.
     */
    public ExportReader keepingExpiredItems() {
        return new ExportReader(export, keepInternal, true, clock, files);
    }

    /**
     * This reader judging expiry by {@code clock} (default: the system's UTC clock, as a table's reads by default):
     * an item whose {@code _ttl} is at or before its now has expired. To see the export as the table read at the
     * time of the export, give {@code Clock.fixed} at the summary's {@code exportTime}.
     */
    public ExportReader withClock(Clock clock) {
        return new ExportReader(export, keepInternal, keepExpired, clock, files);
    }

    /**
     * This reader, reading only {@code file}, one of the export's data files, whose MD5, ETag and item count are
     * checked against the files manifest at its end as always: for a job that reads the data files in parallel, one
     * reader each.
     *
     * @throws IllegalArgumentException when {@code file} is not a line of this export's files manifest
     */
    public ExportReader onlyFile(ExportDataFile file) {
        if (!export.dataFiles().contains(Objects.requireNonNull(file, "file"))) {
            throw new IllegalArgumentException(file.dataFileS3Key() + " is not a data file of export "
                    + export.exportId());
        }
        return new ExportReader(export, keepInternal, keepExpired, clock, List.of(file));
    }

    /** The items with their key paths and stored attributes, not mapped to objects. */
    public ExportItems items(UnreadableItems policy) {
        return new ExportItems(export, files, null, Objects.requireNonNull(policy, "policy"), keepInternal,
                keepExpired, clock);
    }

    /** The items mapped by {@code table}'s registered types ({@link KeyPathTable#readStoredItem}). */
    public ExportItems items(KeyPathTable table, UnreadableItems policy) {
        Objects.requireNonNull(table, "table");
        return items(table::readStoredItem, policy);
    }

    /** The items mapped by {@code mapper}; keypath's own items are never handed to it. */
    public ExportItems items(StoredItemMapper mapper, UnreadableItems policy) {
        return new ExportItems(export, files, Objects.requireNonNull(mapper, "mapper"),
                Objects.requireNonNull(policy, "policy"), keepInternal, keepExpired, clock);
    }
}
