package dev.keypath.spark;

/**
 * Where a read puts a stored item it cannot read (a key that is not a key path; for typed rows, an item of no
 * registered type or one its type cannot read, a value Spark cannot hold): it is never left out silently. The
 * table's own collection reads fail by default ({@code UnreadableItemHandler.FAIL}); so does a job's read.
 */
public enum UnreadableRows {
    /** The task fails with the item's {@link dev.keypath.dynamodb.UnreadableItemException}, and the job with it. */
    FAIL,
    /**
     * The item is a row of its own: its key path when it has one, every field null, {@code unreadable} saying why
     * and {@code item} holding its stored attributes (DynamoDB JSON).
     */
    COLUMN,
    /**
     * The item goes to a side output, a directory of JSON lines (one file per partition, {@code keyPath},
     * {@code problem} and the stored {@code item}), and gives no row.
     */
    SIDE_OUTPUT
}
