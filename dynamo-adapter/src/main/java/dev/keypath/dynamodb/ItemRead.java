package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.time.Clock;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One stored item as an {@link ItemExtension} sees it after a read, before it is mapped to an object. Immutable
 * view: {@code attributes} must not be changed (return a {@link ReadModification} instead).
 *
 * @param schema     the mapping of the item's type
 * @param keyPath    the item's key path
 * @param attributes the stored attributes, as the extensions before this one left them (read-only)
 * @param clock      the table's clock
 */
public record ItemRead(ItemSchema<?> schema, KeyPath keyPath, Map<String, AttributeValue> attributes, Clock clock) {
}
