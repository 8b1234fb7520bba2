package dev.keypath.dynamodb;

/**
 * A hook into every write and read of a table's items, registered with the table builder's
 * {@code extensions(...)}. Before a put, an update, a transactional put or update and a batch put, each extension
 * may change the attributes the write stores and add a condition ({@link #beforeWrite}); after a read, before the
 * stored attributes are mapped to an object, each may change them or make the item read as absent
 * ({@link #afterRead}). Gets, queries, batch and transactional gets, and the items updates and deletes return
 * all pass through {@code afterRead}.
 *
 * <p>The table asks {@link #appliesTo} once per registered type when it is built and calls the hooks only for the
 * types that answered true, in registration order, after the built-in extensions (version, time to live,
 * timestamps, validation). A type no extension applies to pays nothing on its writes and reads.
 *
 * <p>Implementations must be thread-safe: one instance serves every call of the table. Example:
 * <pre>{@code
 * ItemExtension audit = new ItemExtension() {
 *     public WriteModification beforeWrite(ItemWrite write) {
 *         return WriteModification.builder().set("writtenBy", AttributeValue.fromS(currentUser())).build();
 *     }
 * };
 * KeyPathTable.builder(client).tableName("app").register(Post.class).extensions(audit).build();
 * }</pre>
 */
public interface ItemExtension {
    /** Whether this extension has work for items of {@code schema}'s type; true unless overridden. */
    default boolean appliesTo(ItemSchema<?> schema) {
        return true;
    }

    /** What to change in a write before it is sent; {@link WriteModification#NONE} to leave it as it is. */
    default WriteModification beforeWrite(ItemWrite write) {
        return WriteModification.NONE;
    }

    /** What to change in a stored item before it is mapped; {@link ReadModification#NONE} to leave it. */
    default ReadModification afterRead(ItemRead read) {
        return ReadModification.NONE;
    }
}
