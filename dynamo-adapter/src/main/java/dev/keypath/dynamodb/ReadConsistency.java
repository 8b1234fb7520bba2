package dev.keypath.dynamodb;

/**
 * Read consistency of a get, batch get, query, scan or count (DynamoDB {@code ConsistentRead}). A read that names none
 * reads at its table's default ({@code readConsistency} on the table builder), {@link #EVENTUAL} unless set, as
 * DynamoDB itself defaults. Queries of a global index are always eventual.
 */
public enum ReadConsistency {
    /** Strongly consistent read: sees every write acknowledged before it; costs twice the read capacity. */
    STRONG,
    /** Eventually consistent read: may miss writes from the last second or so. */
    EVENTUAL
}
