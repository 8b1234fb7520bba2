package dev.keypath.dynamodb;

/** Read consistency of a get, batch get or query (DynamoDB {@code ConsistentRead}). GSI queries are always eventual. */
public enum ReadConsistency {
    /** Strongly consistent read: sees every write acknowledged before it; costs twice the read capacity. */
    STRONG,
    /** Eventually consistent read: may miss writes from the last second or so. */
    EVENTUAL
}
