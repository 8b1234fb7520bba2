package dev.keypath.streams;

/**
 * What a {@link ChangeDecoder} does with a record it cannot read: keys that are not a key path, an image of a type
 * no registered class has, an image its class cannot read, or a record that contradicts itself (an insert with an
 * old image, a {@code NEW_AND_OLD_IMAGES} modify without one).
 */
public enum UnreadablePolicy {
    /** Throw {@link UnreadableChangeException}: the reader stops before the record, its checkpoint not past it. */
    FAIL,
    /**
     * Return the change flagged: {@link ItemChange#problem()} holds the exception, no image is mapped, and the raw
     * keys and attributes are kept for inspection.
     */
    FLAG
}
