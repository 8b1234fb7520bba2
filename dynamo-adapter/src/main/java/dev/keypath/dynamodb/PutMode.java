package dev.keypath.dynamodb;

/**
 * What a put may overwrite. For types with a {@link dev.keypath.dynamodb.annotation.Version} field the version
 * check applies in every mode. An expired item ({@link dev.keypath.dynamodb.annotation.TimeToLive}) counts as no
 * item.
 */
public enum PutMode {
    /** Write whether or not an item exists (plain {@code PutItem}). */
    REPLACE,
    /** Write only if no item exists at the key path; otherwise {@link ConditionFailedException}. */
    CREATE_ONLY,
    /** Write only if an item already exists at the key path; otherwise {@link ConditionFailedException}. */
    REPLACE_EXISTING
}
