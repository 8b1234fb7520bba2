package dev.keypath.dynamodb.internal.schema;

import dev.keypath.dynamodb.SchemaChange;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one attribute of a type's current form is on an item stored at an older version, as the upgrade of that item
 * makes it ({@link SchemaEvolution#formAt}): held as stored under some name (its own, or the name before a rename), a
 * value the upgrade writes (an added field's default), nothing at all, or the result of a function of the older form
 * (a retype, split or merge). Immutable.
 */
public sealed interface StoredForm {
    /** The value stored under {@code attribute}, or nothing when the item does not hold it. */
    record Stored(String attribute) implements StoredForm {
    }

    /** Always {@code value}, whatever the item holds: an added field's default. */
    record Constant(AttributeValue value) implements StoredForm {
    }

    /** Never held: the upgraded item has no such attribute. */
    record Absent() implements StoredForm {
    }

    /** Made from the older form by {@code change}'s function, at {@code version}: not an attribute of the item. */
    record Converted(SchemaChange change, int version) implements StoredForm {
    }
}
