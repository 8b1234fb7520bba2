package dev.keypath.export;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of an export, file after file in the order of the files manifest and line after line, read lazily:
 * one data file is open at a time. Each file's checksum and item count are checked when its last line has been
 * read. Close it to release the open file. Single use; not thread-safe.
 *
 * <pre>{@code
 * try (ExportItems items = ExportReader.open(dir).items(table::readStoredItem, UnreadableItems.FAIL)) {
 *     while (items.hasNext()) {
 *         ExportedItem e = items.next();
 *         if (e.item() instanceof Post post) { index.add(e.keyPath(), post); }
 *     }
 * }
 * }</pre>
 */
public final class ExportItems implements Iterator<ExportedItem>, AutoCloseable {
    private static final String TYPE = "_type";

    private final ExportDirectory export;
    private final StoredItemMapper mapper;
    private final UnreadableItems policy;
    private final List<ExportDataFile> files;
    private int nextFile;
    private DataFileReader reader;
    private ExportedItem pending;
    private long skipped;

    ExportItems(ExportDirectory export, StoredItemMapper mapper, UnreadableItems policy) {
        this.export = export;
        this.mapper = mapper;
        this.policy = policy;
        this.files = export.dataFiles();
    }

    /**
     * Whether another item follows; reads ahead to it.
     *
     * @throws ExportFormatException when a file or line is not as the format says
     * @throws UnreadableItemException under {@link UnreadableItems#FAIL}, for an item that cannot be read
     */
    @Override
    public boolean hasNext() {
        while (pending == null) {
            if (reader == null) {
                if (nextFile >= files.size()) {
                    return false;
                }
                reader = new DataFileReader(export, files.get(nextFile++));
            }
            DataFileReader.Line line = reader.next();
            if (line == null) {
                reader.close();
                reader = null;
                continue;
            }
            pending = read(reader.name(), line);
        }
        return true;
    }

    /** The next item; see {@link #hasNext()} for what it throws. */
    @Override
    public ExportedItem next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more items in export " + export.exportId());
        }
        ExportedItem item = pending;
        pending = null;
        return item;
    }

    /** How many unreadable items {@link UnreadableItems#SKIP} has left out so far. */
    public long skipped() {
        return skipped;
    }

    /** Closes the open data file, if any. */
    @Override
    public void close() {
        if (reader != null) {
            reader.close();
            reader = null;
        }
    }

    /** The item of one line, or null when it is skipped. */
    private ExportedItem read(String file, DataFileReader.Line line) {
        Map<String, AttributeValue> attributes = line.item();
        AttributeValue type = attributes.get(TYPE);
        String typeName = type == null ? null : type.s();
        KeyPath path = null;
        try {
            path = keyPath(attributes);
            Object item = mapper == null ? null : mapper.read(attributes).orElse(null);
            return new ExportedItem(file, line.number(), path, typeName, item, attributes, null);
        } catch (UnreadableItemException e) {
            KeyPath at = e.keyPath().orElse(path);
            String message = e.getMessage();
            if (at != null) {
                message = message.replace(" [key path " + at + "]", "");
            }
            UnreadableItemException named = new UnreadableItemException(file + " line " + line.number() + ": "
                    + message, at, e);
            switch (policy) {
                case FLAG:
                    return new ExportedItem(file, line.number(), at, typeName, null, attributes, named);
                case SKIP:
                    skipped++;
                    return null;
                default:
                    throw named;
            }
        }
    }

    private static KeyPath keyPath(Map<String, AttributeValue> item) {
        try {
            return StoredItemLayout.keyPathOf(item);
        } catch (StoredKeyException e) {
            throw new UnreadableItemException(e.getMessage(), null, e);
        }
    }
}
