package dev.keypath.streams;

/** What a stream record says happened to an item: DynamoDB's {@code eventName}. */
public enum ChangeKind {
    /** A new item was written ({@code INSERT}). */
    INSERT,
    /** An existing item was replaced or updated ({@code MODIFY}). */
    MODIFY,
    /** An item was deleted, by a client or by DynamoDB's TTL process ({@code REMOVE}). */
    REMOVE
}
