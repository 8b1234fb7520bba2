package dev.keypath.dynamodb;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What an {@link ItemExtension} changes in a stored item before it is mapped: nothing, a replacement attribute
 * map, or that the item reads as absent (a get finds nothing, a query leaves it out). Immutable.
 */
public final class ReadModification {
    /** Leaves the item as it is. */
    public static final ReadModification NONE = new ReadModification(null, false);
    private static final ReadModification ABSENT = new ReadModification(null, true);

    private final Map<String, AttributeValue> attributes;
    private final boolean absent;

    private ReadModification(Map<String, AttributeValue> attributes, boolean absent) {
        this.attributes = attributes;
        this.absent = absent;
    }

    /** The item is mapped from {@code attributes} instead (they must keep {@code pk}, {@code sk} and {@code _type}). */
    public static ReadModification replaceAttributes(Map<String, AttributeValue> attributes) {
        return new ReadModification(Map.copyOf(Objects.requireNonNull(attributes, "attributes")), false);
    }

    /** The item reads as absent. */
    public static ReadModification absent() {
        return ABSENT;
    }

    /** The replacement attributes, or null to keep them. */
    public Map<String, AttributeValue> attributes() {
        return attributes;
    }

    /** Whether the item reads as absent. */
    public boolean isAbsent() {
        return absent;
    }
}
