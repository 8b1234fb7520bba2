package dev.keypath.test;

/** How long a table of {@link KeyPathDynamoDb} lives. */
public enum TablePer {
    /** One table for the whole test class (and its {@code @Nested} classes), deleted after its last test. */
    CLASS,
    /** A fresh table for every test method, deleted after it. */
    METHOD
}
