package dev.keypath.dynamodb;

/** What {@link KeyPathTable#bootstrap()} did. */
public enum TableStatus {
    /** The table did not exist and was created (with its GSIs and TTL). */
    CREATED,
    /** The table existed with a matching key schema; missing GSIs or TTL, if any, were added. */
    EXISTED
}
