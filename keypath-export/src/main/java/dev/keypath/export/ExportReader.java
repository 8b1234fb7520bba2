package dev.keypath.export;

import dev.keypath.dynamodb.KeyPathTable;
import java.nio.file.Path;
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
 * Immutable and thread-safe; each {@link ExportItems} it hands out is for one thread.
 */
public final class ExportReader {
    private final ExportDirectory export;

    private ExportReader(ExportDirectory export) {
        this.export = Objects.requireNonNull(export, "export");
    }

    /**
     * Opens the export at {@code path} (see {@link ExportDirectory#open(Path)}).
     *
     * @throws ExportFormatException when no export is there or a manifest is not as the format says
     */
    public static ExportReader open(Path path) {
        return new ExportReader(ExportDirectory.open(path));
    }

    /** A reader of an export already opened. */
    public static ExportReader of(ExportDirectory export) {
        return new ExportReader(export);
    }

    /** The export read. */
    public ExportDirectory directory() {
        return export;
    }

    /** The items with their key paths and stored attributes, not mapped to objects. */
    public ExportItems items(UnreadableItems policy) {
        return new ExportItems(export, null, Objects.requireNonNull(policy, "policy"));
    }

    /** The items mapped by {@code table}'s registered types ({@link KeyPathTable#readStoredItem}). */
    public ExportItems items(KeyPathTable table, UnreadableItems policy) {
        Objects.requireNonNull(table, "table");
        return items(table::readStoredItem, policy);
    }

    /** The items mapped by {@code mapper}. */
    public ExportItems items(StoredItemMapper mapper, UnreadableItems policy) {
        return new ExportItems(export, Objects.requireNonNull(mapper, "mapper"),
                Objects.requireNonNull(policy, "policy"));
    }
}
