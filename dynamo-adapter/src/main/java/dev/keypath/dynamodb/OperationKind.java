package dev.keypath.dynamodb;

/** What a logical operation of a table did, as an {@link OperationReport} names it. */
public enum OperationKind {
    /** A get by key path ({@code GetItem}), whole item or projection. */
    GET,
    /** A get through a unique key path's alias item. */
    GET_BY_ALIAS,
    /** A put, in any {@link PutMode}; with a sequence id allocated first when one is needed. */
    PUT,
    /** A delete of one item. */
    DELETE,
    /** An update of one item. */
    UPDATE,
    /** One page of a query, whole items or a projection (a keys-only index's items read by a batch get). */
    QUERY,
    /** One page of a query of keys only. */
    QUERY_KEYS,
    /** One page of a scan, or of one segment of a parallel scan. */
    SCAN,
    /** A count of what a query selects ({@code Select=COUNT}). */
    COUNT,
    /** A batch get. */
    BATCH_GET,
    /** A batch write (puts and deletes). */
    BATCH_WRITE,
    /** A batch put of stored attribute maps. */
    BATCH_PUT_STORED,
    /** A consistent read of several items ({@code TransactGetItems}). */
    TRANSACT_GET,
    /** A transaction ({@code TransactWriteItems}), read-checked or not. */
    TRANSACT_WRITE,
    /** A deletion of a subtree (or part of it). */
    DELETE_SUBTREE,
    /** The generation of an item's unset ids (a sequence id allocated when one is needed). */
    GENERATE_IDS,
    /**
     * A read-modify-write: the caller's unit run until it commits, its runs and waits between them; its reads
     * ({@link #GET}) and commit ({@link #TRANSACT_WRITE}) are operations of their own, inside it.
     */
    READ_MODIFY_WRITE,
    /** The creation or check of the table. */
    BOOTSTRAP
}
