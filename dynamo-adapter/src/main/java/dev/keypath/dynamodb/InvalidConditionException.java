package dev.keypath.dynamodb;

import dev.keypath.KeyPath;
import java.util.Optional;

/**
 * A filter or a condition cannot be sent as written, so nothing was sent: it names a field the item type no longer
 * stores (a former name, which only older items hold), or a field a version changed by a function (retyped, split,
 * merged) that DynamoDB cannot evaluate on the items stored before that version, or its rewrite over the type's
 * versions would pass DynamoDB's limits of an expression, or it cannot be read as a DynamoDB condition expression.
 * The message names the expression, the field, the item type, the version change and the remedy. Filters and
 * conditions that name fields a version renamed or added with a default are rewritten instead, and reach every
 * version's items (docs/EVOLVING.md). Immutable and thread-safe.
 */
public class InvalidConditionException extends ItemMappingException {
    private static final long serialVersionUID = 1L;
    private final String itemType;
    private final String attribute;

    /**
     * Creates the exception.
     *
     * @param message   what is wrong, and the remedy
     * @param itemType  the simple name of the item type concerned, or null when none is
     * @param attribute the attribute the expression names that is concerned, or null
     * @param keyPath   the key path of the item a condition is for, or null for a filter
     */
    public InvalidConditionException(String message, String itemType, String attribute, KeyPath keyPath) {
        super(message, keyPath, null);
        this.itemType = itemType;
        this.attribute = attribute;
    }

    /** The simple name of the item type concerned, when one is. */
    public Optional<String> itemType() {
        return Optional.ofNullable(itemType);
    }

    /** The attribute the expression names that is concerned, when one is. */
    public Optional<String> attribute() {
        return Optional.ofNullable(attribute);
    }
}
