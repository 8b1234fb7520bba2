package dev.keypath.export;

/**
 * What reading an export does with an item it cannot read as a key-path item: a key that is not a key path, or,
 * when items are mapped, a type no registered class has or a value that does not fit its field. A line that is
 * not DynamoDB JSON at all is never an item: it always fails the read with an {@link ExportFormatException}.
 */
public enum UnreadableItems {
    /** Fails the read with the item's {@link dev.keypath.dynamodb.UnreadableItemException}, naming file and line. */
    FAIL,
    /** Hands the item over with {@link ExportedItem#problem()} set and no mapped object. */
    FLAG,
    /** Leaves the item out and counts it ({@link ExportItems#skipped()}). */
    SKIP
}
