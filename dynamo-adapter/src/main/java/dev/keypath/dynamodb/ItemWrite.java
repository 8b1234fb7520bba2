package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One write as an {@link ItemExtension} sees it before it is sent. Immutable.
 *
 * @param kind       what the write is
 * @param schema     the mapping of the item's type
 * @param keyPath    the item's key path (with generated ids)
 * @param item       the caller's object for puts; null for updates
 * @param attributes for puts the whole attribute map to be stored, as the extensions before this one left it; for
 *                   updates the attributes the update sets, name to value (read-only)
 * @param update     the caller's update for updates; null for puts
 * @param clock      the table's clock
 */
public record ItemWrite(WriteKind kind, ItemSchema<?> schema, KeyPath keyPath, Object item,
                        Map<String, AttributeValue> attributes, UpdateSpec update, Clock clock) {
    /** Checks that the parts are present and keeps {@code attributes} read-only. */
    public ItemWrite {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(keyPath, "keyPath");
        Objects.requireNonNull(clock, "clock");
        attributes = java.util.Collections.unmodifiableMap(attributes);
    }
}
