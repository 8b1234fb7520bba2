package dev.keypath.export;

import dev.keypath.KeyPath;
import dev.keypath.dynamodb.StoredKeyException;
import dev.keypath.dynamodb.UnreadableItemException;
import dev.keypath.dynamodb.storage.StoredItemLayout;
import java.time.Clock;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of an export, file after file in the order of the files manifest and line after line, read lazily:
 * one data file is open at a time. keypath's own items and expired items are left out unless the
 * {@link ExportReader} keeps them. Each file's checksum and item count are checked when its last line has been
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
    private final boolean keepInternal;
    private final boolean keepExpired;
    private final Clock clock;
    private final List<ExportDataFile> files;
    private int nextFile;
    private DataFileReader reader;
    private ExportedItem pending;
    private long skipped;
    private long internalLeftOut;
    private long expiredLeftOut;

    /**
     * The items of {@code files}, data files of {@code export}, mapped by {@code mapper} (null: not mapped), as
     * {@link ExportReader} says.
     */
    ExportItems(ExportDirectory export, List<ExportDataFile> files, StoredItemMapper mapper, UnreadableItems policy,
                boolean keepInternal, boolean keepExpired, Clock clock) {
        this.export = export;
        this.mapper = mapper;
        this.policy = policy;
        this.keepInternal = keepInternal;
        this.keepExpired = keepExpired;
        this.clock = clock;
        this.files = files;
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

    /**
     * How many of keypath's own items (sequence counters, alias items) have been left out so far; 0 when the reader
     * keeps them ({@link ExportReader#keepingInternalItems()}).
     */
    public long internalLeftOut() {
        return internalLeftOut;
    }

    /**
     * How many expired items have been left out so far; 0 when the reader keeps them
     * ({@link ExportReader#keepingExpiredItems()}).
     */
    public long expiredLeftOut() {
        return expiredLeftOut;
    }

    /** Closes the open data file, if any. */
    @Override
    public void close() {
        if (reader != null) {
            reader.close();
            reader = null;
        }
    }

    /** The item of one line, or null when it is left out. */
    private ExportedItem read(String file, DataFileReader.Line line) {
        Map<String, AttributeValue> attributes = line.item();
        boolean internal = StoredItemLayout.isInternalItem(attributes);
        boolean expired = StoredItemLayout.isExpired(attributes, clock);
        if (internal && !keepInternal) {
            internalLeftOut++;
            return null;
        }
        if (expired && !keepExpired) {
            expiredLeftOut++; // as a table read: absent, whatever else is wrong with it
            return null;
        }
        AttributeValue type = attributes.get(TYPE);
        String typeName = type == null ? null : type.s();
        KeyPath path = null;
        try {
            path = keyPath(attributes);
            Object item = mapper == null || internal ? null : mapper.read(attributes).orElse(null);
            return new ExportedItem(file, line.number(), path, typeName, item, attributes, null, expired);
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
                    return new ExportedItem(file, line.number(), at, typeName, null, attributes, named, expired);
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
