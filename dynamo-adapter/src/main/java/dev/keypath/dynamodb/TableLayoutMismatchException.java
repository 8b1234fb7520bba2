package dev.keypath.dynamodb;

/**
 * An item type's declaration contradicts the shard layout or the schema versions the table's layout record holds
 * for it (docs/FORMAT.md, section 12), so its writes would store items where other instances, or the items already
 * stored, do not look: the shard count changed without {@code formerCount}, {@code @Sharded} was added or removed, a
 * {@code formerCount} names another layout than the stored one, a declaration without {@code formerCount} met a
 * re-shard that has not finished or whose switch to the new layout is announced, or one schema version was declared
 * with other changes. Thrown by {@code bootstrap()}, and by every write of the type; nothing is written. The message
 * names the type, what the table holds, what is declared and the steps (docs/HOT-PARTITIONS.md, "Changing N").
 * Thread-safe.
 */
public class TableLayoutMismatchException extends TableSchemaMismatchException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public TableLayoutMismatchException(String message) {
        super(message);
    }
}
