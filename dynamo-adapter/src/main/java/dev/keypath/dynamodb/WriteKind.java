package dev.keypath.dynamodb;

/** The kind of write an {@link ItemExtension} is told about in {@link ItemWrite#kind()}. */
public enum WriteKind {
    /** A single {@code PutItem}. */
    PUT,
    /** A single {@code UpdateItem}. */
    UPDATE,
    /** A put inside {@code transact(...)}. */
    TRANSACT_PUT,
    /** An update inside {@code transact(...)}. */
    TRANSACT_UPDATE,
    /** A put of {@code batchWrite(...)}: it cannot carry a condition. */
    BATCH_PUT;

    /** Whether the write stores a whole item (a put of any kind), whose attributes an extension may replace. */
    public boolean isPut() {
        return this == PUT || this == TRANSACT_PUT || this == BATCH_PUT;
    }

    /** Whether the write is an update, to which an extension adds {@code SET} or {@code ADD} actions. */
    public boolean isUpdate() {
        return this == UPDATE || this == TRANSACT_UPDATE;
    }
}
