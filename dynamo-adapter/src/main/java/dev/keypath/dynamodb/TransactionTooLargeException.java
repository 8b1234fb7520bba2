package dev.keypath.dynamodb;

import dev.keypath.KeyPath;

/**
 * The items of a transaction add up to more than DynamoDB's 4 MB limit for one {@code TransactWriteItems} call.
 * Thrown before any request, so nothing is applied. {@link #actionIndex()} and {@link #keyPath()} name the action
 * whose item took the running total over the limit. Thread-safe.
 */
public class TransactionTooLargeException extends KeyPathDynamoException {
    private static final long serialVersionUID = 1L;
    private final int actionIndex;
    private final String action;
    private final long size;
    private final long limit;

    /**
     * Creates the exception for a transaction whose items total {@code size} bytes, where action
     * {@code actionIndex} ({@code action} on {@code keyPath}) took the running total over {@code limit}.
     */
    public TransactionTooLargeException(KeyPath keyPath, int actionIndex, String action, long size, long limit) {
        super("Transaction items total " + size + " bytes, over DynamoDB's 4 MB transaction limit of " + limit
                + " bytes; action " + actionIndex + " (" + action + ") takes it over", keyPath);
        this.actionIndex = actionIndex;
        this.action = action;
        this.size = size;
        this.limit = limit;
    }

    /** Position of the action that took the running total over the limit, from 0. */
    public int actionIndex() {
        return actionIndex;
    }

    /** That action: {@code put}, {@code delete}, {@code update} or {@code conditionCheck}. */
    public String action() {
        return action;
    }

    /** The computed size of all the transaction's items in bytes (each counted as for the 400 KB item limit). */
    public long size() {
        return size;
    }

    /** The limit in bytes. */
    public long limit() {
        return limit;
    }
}
